import { Big, formatDayShort, formatNumber2, messages, reportesMessages, tr } from '@arb/shared';
import type { SociosSeccion } from '../month-socios.ts';
import { nombreSocio } from '../workbook/socios-sheet.ts';

const m = { ...messages, ...reportesMessages };

const right = (text: string) => ({ text, alignment: 'right' });
const header = (cols: string[]) => cols.map((c) => ({ text: c, bold: true, fillColor: '#eeeeee' }));

/**
 * The PDF's per-member block (DESIGN §25, §28): per period — closed, or the preview "sin cerrar" —
 * §22's per-member figures from the liquidación, or "Falta la tasa del {fecha}". Member names go
 * only into text nodes (DESIGN §28).
 */
export function sociosPdfBlock(s: SociosSeccion): unknown[] {
  if (s.periodos.length === 0) return [{ text: m.reporteSinLiquidacion, italics: true, fontSize: 8 }];
  return s.periodos.flatMap((p): unknown[] => {
    const title = {
      text: `${tr('reportePeriodo', { desde: formatDayShort(p.desde), hasta: formatDayShort(p.hasta) })} · ${p.cerrado ? m.reporteCerrado : m.reporteSinCerrar}`,
      italics: !p.cerrado,
      fontSize: 8,
      margin: [0, 2, 0, 2],
    };
    const l = p.liquidacion;
    if (!l) return [title, { text: p.faltaTasa ?? '', fontSize: 8 }];
    return [
      title,
      {
        table: {
          headerRows: 1,
          widths: ['*', 80, 70, 70, 70, 80, 80],
          body: [
            header([
              m.reporteSocio,
              m.reporteCapitalInicial,
              m.reporteAportes,
              m.reporteRetiros,
              m.reporteParticipacion,
              m.reporteResultadoSocio,
              m.reporteCapitalFinal,
            ]),
            ...l.socios.map((x) => [
              { text: nombreSocio(x) },
              right(formatNumber2(x.capital_inicial_usd)),
              right(formatNumber2(x.aportes_usd)),
              right(formatNumber2(x.retiros_usd)),
              right(formatNumber2(new Big(x.participacion).times(100).toFixed(2))),
              right(formatNumber2(x.resultado_usd)),
              right(formatNumber2(x.capital_final_usd)),
            ]),
            [
              { text: m.reporteResultadoPeriodo, bold: true, colSpan: 5 },
              '',
              '',
              '',
              '',
              { text: formatNumber2(l.resultado_usd), bold: true, alignment: 'right' },
              '',
            ],
          ],
        },
        layout: 'lightHorizontalLines',
        fontSize: 8,
      },
      ...l.avisos.map((a) => ({ text: a, italics: true, fontSize: 7 })),
    ];
  });
}
