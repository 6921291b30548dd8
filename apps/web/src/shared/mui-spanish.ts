import type { Localization } from '@mui/material/locale';

let numberFormat: Intl.NumberFormat | undefined;
/** MUI's es-ES number format, built on first use (see `muiSpanish`). */
function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  numberFormat ??= new Intl.NumberFormat('es-ES');
  return numberFormat.format(value);
}

/**
 * MUI's Spanish texts for its own controls ("Cerrar" on every dismissable alert), word for word
 * those of `esES` from '@mui/material/locale' (MUI 9). That module builds an Intl.NumberFormat
 * when it is evaluated, in the entry file: the page's first use of Intl pays the ICU start-up,
 * 18 ms of the entry's evaluation before React renders anything, unthrottled
 * (docs/decisions/0024-entry-and-commit-tasks.md). Here the format is built when a pagination
 * label first needs it; our two tables pass their own labels anyway. mui-spanish.test.ts keeps the
 * texts equal to MUI's.
 */
export const muiSpanish: Localization = {
  components: {
    MuiBreadcrumbs: { defaultProps: { expandText: 'Mostrar ruta' } },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: (type) => {
          if (type === 'first') return 'Ir a la primera página';
          if (type === 'last') return 'Ir a la última página';
          if (type === 'next') return 'Ir a la página siguiente';
          return 'Ir a la página anterior';
        },
        labelRowsPerPage: 'Filas por página:',
        labelDisplayedRows: ({ from, to, count }) =>
          `${formatNumber(from)}–${formatNumber(to)} de ${count !== -1 ? formatNumber(count) : `más de ${formatNumber(to)}`}`,
      },
    },
    MuiRating: {
      defaultProps: {
        getLabelText: (value) => `${value} Estrella${value !== 1 ? 's' : ''}`,
        emptyLabelText: 'Vacío',
      },
    },
    MuiAutocomplete: {
      defaultProps: {
        clearText: 'Limpiar',
        closeText: 'Cerrar',
        loadingText: 'Cargando…',
        noOptionsText: 'Sin opciones',
        openText: 'Abierto',
      },
    },
    MuiAlert: { defaultProps: { closeText: 'Cerrar' } },
    MuiPagination: {
      defaultProps: {
        'aria-label': 'Paginador',
        getItemAriaLabel: (type, page, selected) => {
          if (type === 'page') return `${selected ? '' : 'Ir a la '}página ${page}`;
          if (type === 'first') return 'Ir a la primera página';
          if (type === 'last') return 'Ir a la última página';
          if (type === 'next') return 'Ir a la página siguiente';
          return 'Ir a la página anterior';
        },
      },
    },
  },
};
