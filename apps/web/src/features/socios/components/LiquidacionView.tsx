import { Alert, Box, Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { formatNumber, formatUsd, messages, t, transferenciaTexto, type LiquidacionResponse } from '@arb/shared';
import { Figure, FigureLine, FigureText } from '../../../shared/ui/Figure';

/** One figure with its one-line explanation (docs/product.md#socios-y-liquidacion). */
function Linea({ label, value, help, testId }: { label: string; value: number; help?: string; testId?: string }) {
  return (
    <Box sx={{ py: 0.75 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontWeight: 500 }}>{label}</Typography>
        <Typography data-testid={testId} sx={{ fontVariantNumeric: 'tabular-nums' }}>
          <Figure>{formatUsd(value)}</Figure>
        </Typography>
      </Stack>
      {help && (
        <Typography variant="body2" color="textSecondary">
          {help}
        </Typography>
      )}
    </Box>
  );
}

const tasaText = (v: number | null) => (v === null ? messages.sociosSinTasa : `${formatNumber(v, 2, 4)} Bs`);

/** "Tasa inicial 300,00 Bs · tasa final 310,50 Bs" → its two halves, the " · " kept with the second. */
const tasasParts = (text: string) => text.split(' · ').map((part, i) => (i === 0 ? part : `· ${part}`));

/**
 * The preview of a period: equity at both ends, the result beside the realized profit, each
 * partner's share and holdings, and the transfers that settle it as sentences — or the avisos
 * saying what to record first. Cards, not a table: it reads at 360 px.
 */
export function LiquidacionView({ data }: { data: LiquidacionResponse }) {
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {/* Each rate whole with its words ("tasa final 310,50 Bs" split at 360 px, socios walk): the
            line wraps only at the " · " between them. */}
        <FigureLine
          parts={tasasParts(t('sociosTasas', { ini: tasaText(data.tasas.inicial.tasa), fin: tasaText(data.tasas.final.tasa) }))}
          max="0.875rem"
          testId="socios-tasas"
          sx={{ color: 'text.secondary', mb: 1 }}
        />
        <Linea label={messages.sociosPatrimonioInicial} value={data.patrimonio_inicial_usd} help={messages.sociosPatrimonioInicialHelp} />
        <Linea label={messages.sociosPatrimonioFinal} value={data.patrimonio_final_usd} help={messages.sociosPatrimonioFinalHelp} />
        <Linea label={messages.sociosAportesNetos} value={data.aportes_usd - data.retiros_usd} help={messages.sociosAportesNetosHelp} />
        <Linea label={messages.sociosResultado} value={data.resultado_usd} help={messages.sociosResultadoHelp} testId="socios-resultado" />
        <Linea label={messages.sociosGananciaRealizada} value={data.ganancia_realizada_usd} help={messages.sociosGananciaRealizadaHelp} />
        {data.comision_operador_usd !== 0 && <Linea label={messages.sociosOperador} value={data.comision_operador_usd} />}
      </Paper>

      {data.avisos.map((a) => (
        <Alert key={a} severity="warning">
          {a}
        </Alert>
      ))}

      <Stack spacing={1}>
        {data.socios.map((s, i) => (
          <Paper key={s.userId} variant="outlined" sx={{ p: 2 }} data-testid={`socio-${s.user_name}`}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {s.user_name} {s.ex_miembro ? messages.sociosExSocio : ''}
              </Typography>
              <Chip size="small" label={`${messages.sociosParticipacion} ${formatNumber(s.participacion * 100, 0, 4)} %`} />
            </Stack>
            <Linea label={messages.sociosCapitalInicial} value={s.capital_inicial_usd} />
            {s.aportes_usd !== 0 && <Linea label={messages.sociosAportes} value={s.aportes_usd} />}
            {s.retiros_usd !== 0 && <Linea label={messages.sociosRetiros} value={s.retiros_usd} />}
            <Linea label={messages.sociosResultadoSocio} value={s.resultado_usd} />
            <Linea
              label={messages.sociosCapitalFinal}
              value={s.capital_final_usd}
              help={i === 0 ? messages.sociosCapitalFinalHelp : undefined}
            />
            <Linea label={messages.sociosEnSuPoder} value={s.en_su_poder_usd} help={i === 0 ? messages.sociosEnSuPoderHelp : undefined} />
            <Linea label={messages.sociosDiferencia} value={s.diferencia_usd} help={i === 0 ? messages.sociosDiferenciaHelp : undefined} />
          </Paper>
        ))}
        {data.sin_titular_usd !== 0 && <Linea label={messages.sociosSinTitular} value={data.sin_titular_usd} />}
        {data.capital_sin_registrar_usd !== 0 && (
          <Linea label={messages.sociosCapitalSinRegistrar} value={data.capital_sin_registrar_usd} />
        )}
      </Stack>

      {data.sin_titular_usd === 0 && data.capital_sin_registrar_usd === 0 && (
        <Paper variant="outlined">
          <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
            {messages.sociosTransferenciasTitle}
          </Typography>
          {data.transferencias.length === 0 ? (
            <Typography color="textSecondary" sx={{ px: 2, pb: 2 }}>
              {messages.sociosSinTransferencias}
            </Typography>
          ) : (
            <List dense data-testid="socios-transferencias">
              {data.transferencias.map((x) => (
                <ListItem key={`${x.de.id}-${x.a.id}`}>
                  <ListItemText primary={<FigureText text={transferenciaTexto(x)} />} />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      )}
    </Stack>
  );
}
