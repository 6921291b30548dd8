import { Big, divHalfUp, roundHalfUp, toBigOrZero, toFixedString, type DecimalInput } from './decimal.ts';

/**
 * Whose money it is (docs/product.md#socios-y-liquidacion, DESIGN §22 and §28 "Socios"): the
 * settlement of a period as a pure function of what the server read — equity at both ends, each
 * member's capital movements, the results of closed periods, who holds what at the end, and the
 * split rule. The server only gathers those figures (services/socios); every amount here is exact
 * decimal (big.js), apportioned in cents so that shown figures always add up.
 */

export const METODOS_REPARTO = ['capital', 'porcentaje'] as const;
export type MetodoReparto = (typeof METODOS_REPARTO)[number];

/** The ledger's split rule (DESIGN §22 `reparto`). */
export interface Reparto {
  metodo: MetodoReparto;
  porcentajes?: { userId: string; porcentaje: string }[];
  operador?: { userId: string; porcentaje: string } | null;
}

export const REPARTO_POR_DEFECTO: Reparto = { metodo: 'capital' };

/** A member's aporte (+) or retiro (−), already valued in USD (valorarCapital). */
export interface MovimientoCapital {
  userId: string;
  fecha: string;
  tipo: 'aporte' | 'retiro';
  usd: DecimalInput;
  /**
   * An aporte (or, for a currency that opened below zero, a retiro: decision 0059) written by
   * "Registrar capital inicial" (DESIGN §28 "Existing ledgers", decision 0056): it turns equity
   * that was already there into capital, so it is capital at the START of its day (a period
   * starting that day counts it in capital_inicial) and never part of a result.
   */
  registro?: boolean;
}

/** A member's aporte/retiro as stored: its amount in its currency and, for bolívares, its own rate. */
export interface MovimientoCapitalGuardado {
  userId: string;
  fecha: string;
  tipo: 'aporte' | 'retiro';
  moneda: 'VES' | 'USD';
  monto: DecimalInput;
  tasa: DecimalInput | null;
  registro?: boolean;
}

/** Money held at the end of the period by one titular (null: Sin asignar and accounts without a titular), exact. */
export interface Tenencia {
  titularId: string | null;
  ves: DecimalInput;
  usd: DecimalInput;
}

export interface PersonaLiquidacion {
  userId: string;
  user_name: string;
  /** A member of the ledger at `hasta` (false: a former partner, DESIGN §28). */
  miembro: boolean;
}

export interface EntradaLiquidacion {
  desde: string;
  hasta: string;
  /** Bs per USD at each end; null only when that end holds no bolívares. */
  tasaInicial: DecimalInput | null;
  tasaFinal: DecimalInput | null;
  /** The available balances at the end of the day before `desde`, exact. */
  saldoInicial: { ves: DecimalInput; usd: DecimalInput };
  /** The previous closed period's stored patrimonio_final when it ends the day before `desde` (DESIGN §28). */
  patrimonioInicialUsd?: DecimalInput | null;
  /** Who holds the available balances at the end of `hasta`; they add up to the ledger's. */
  tenencias: Tenencia[];
  personas: PersonaLiquidacion[];
  /** Every aporte/retiro with a member dated ≤ hasta. */
  movimientos: MovimientoCapital[];
  /** Results of closed liquidaciones whose hasta < desde. */
  resultadosCerrados: { userId: string; resultadoUsd: DecimalInput }[];
  reparto: Reparto;
  gananciaRealizadaUsd: DecimalInput;
  ajustesDeBase?: { fecha: string; ves: DecimalInput; usd: DecimalInput }[];
}

export interface SocioLiquidacion {
  userId: string;
  user_name: string;
  ex_miembro: boolean;
  capital_inicial_usd: string;
  aportes_usd: string;
  retiros_usd: string;
  participacion: string;
  resultado_usd: string;
  capital_final_usd: string;
  en_su_poder_usd: string;
  diferencia_usd: string;
}

export interface TransferenciaLiquidacion {
  de: { id: string; user_name: string };
  a: { id: string; user_name: string };
  monto_usd: string;
  monto_ves: string | null;
}

export interface ResultadoLiquidacion {
  patrimonio_inicial_usd: string;
  patrimonio_final_usd: string;
  aportes_usd: string;
  retiros_usd: string;
  resultado_usd: string;
  ganancia_realizada_usd: string;
  comision_operador_usd: string;
  socios: SocioLiquidacion[];
  sin_titular_usd: string;
  capital_sin_registrar_usd: string;
  transferencias: TransferenciaLiquidacion[];
  ajustes_de_base: { fecha: string; ves: string; usd: string }[];
  avisos: string[];
}

/** Spanish notices of the settlement (DESIGN §22, §28). */
export const AVISOS_LIQUIDACION = {
  capitalSinRegistrar: 'Registra los aportes iniciales o liquida primero los días anteriores',
  sinTitular: 'Hay dinero en Sin asignar o en cuentas sin titular: asígnalo a una cuenta de un socio para calcular las transferencias',
  baseManual: (fecha: string) => `El saldo base del ${fecha} se fijó a mano: regístralo como ajuste en una cuenta`,
} as const;

const CENT = new Big('0.01');
const ZERO = new Big(0);
const money = (v: Big) => toFixedString(v, 2);

/** A VES aporte/retiro valued in USD at its own rate, rounded half-up to cents once (DESIGN §22). */
export function valorCapitalUsd(moneda: 'VES' | 'USD', monto: DecimalInput, tasa: DecimalInput | null): string {
  const m = toBigOrZero(monto);
  if (moneda === 'USD') return money(roundHalfUp(m, 2));
  const t = toBigOrZero(tasa);
  if (t.lte(0)) throw new RangeError('A VES capital movement needs its rate');
  return money(divHalfUp(m, t, 2));
}

/**
 * Every capital movement valued in USD (DESIGN §22): one by one, each rounded half-up to cents once
 * (valorCapitalUsd) — except the movements of a capital registration (decision 0059). Those of one
 * day are valued together: their exact values (USD as is, each VES amount ÷ its own rate, a retiro
 * negative) are summed, that sum is rounded once, and it is apportioned among them by the largest
 * remainder (apportionValues, as decision 0044 does for who holds what). Rounding each on its own
 * could leave Σ capital a cent or two away from the opening equity it registers; this way
 *
 *   Σ registered capital of day D = round2(Σ exact values) = the equity that opened D,
 *
 * whatever the split and the number of members (capital-inicial.test.ts, property). Each still
 * differs from its own rounding by less than a cent, and one already in cents (a USD amount) is
 * never moved. The order of the answer is the order of `rows`.
 */
export function valorarCapital(rows: readonly MovimientoCapitalGuardado[]): MovimientoCapital[] {
  const grupos = new Map<string, { key: string; value: Big }[]>();
  rows.forEach((m, i) => {
    if (m.registro !== true) return;
    const exact = valueExact(m.moneda === 'VES' ? m.monto : 0, m.moneda === 'USD' ? m.monto : 0, m.tasa);
    const lista = grupos.get(m.fecha) ?? [];
    // Keys in the rows' order so that ties go to the first row, deterministically.
    lista.push({ key: String(i).padStart(8, '0'), value: m.tipo === 'aporte' ? exact : exact.neg() });
    grupos.set(m.fecha, lista);
  });
  const repartido = new Map<string, Big>();
  for (const lista of grupos.values()) for (const [k, v] of apportionValues(lista)) repartido.set(k, v);
  return rows.map((m, i) => {
    const parte = repartido.get(String(i).padStart(8, '0'));
    return {
      userId: m.userId,
      fecha: m.fecha,
      tipo: m.tipo,
      usd: parte === undefined ? valorCapitalUsd(m.moneda, m.monto, m.tasa) : money(parte.abs()),
      ...(m.registro === true ? { registro: true } : {}),
    };
  });
}

/** USD + VES ÷ tasa, exact to 30 decimals (not rounded). */
function valueExact(ves: DecimalInput, usd: DecimalInput, tasa: DecimalInput | null): Big {
  const v = toBigOrZero(ves);
  const u = toBigOrZero(usd);
  if (v.eq(0)) return u;
  const t = toBigOrZero(tasa);
  if (t.lte(0)) throw new RangeError('Bolívares need a rate to be valued');
  return u.plus(v.div(t));
}

/** Equity at a rate, rounded half-up to cents once from the unrounded sum (DESIGN §22). */
export function patrimonioUsd(saldo: { ves: DecimalInput; usd: DecimalInput }, tasa: DecimalInput | null): string {
  return money(roundHalfUp(valueExact(saldo.ves, saldo.usd, tasa), 2));
}

/** Whole days from a to b (YYYY-MM-DD), b − a. */
export function daysBetween(a: string, b: string): number {
  return Math.round(
    (Date.UTC(+b.slice(0, 4), +b.slice(5, 7) - 1, +b.slice(8, 10)) - Date.UTC(+a.slice(0, 4), +a.slice(5, 7) - 1, +a.slice(8, 10))) /
      86_400_000,
  );
}

/**
 * Splits `total` (a cents amount) in proportion to `weights` (≥ 0, Σ > 0) by the largest-remainder
 * method on its absolute value, sign kept (DESIGN §22): each gets the floor of its exact share in
 * cents, and the cents left go one each to the largest remainders, ties by ascending key. The
 * parts add up to `total` exactly.
 */
export function largestRemainder(total: DecimalInput, weights: readonly { key: string; weight: DecimalInput }[]): Map<string, Big> {
  const t = toBigOrZero(total);
  const cents = t.abs().times(100).round(0, Big.roundDown);
  const sum = weights.reduce((s, w) => s.plus(toBigOrZero(w.weight)), ZERO);
  const out = new Map<string, Big>();
  if (weights.length === 0) return out;
  if (sum.lte(0)) throw new RangeError('largestRemainder needs a positive total weight');
  const parts = weights.map((w) => {
    const exact = cents.times(toBigOrZero(w.weight)).div(sum);
    const floor = exact.round(0, Big.roundDown);
    return { key: w.key, floor, rest: exact.minus(floor) };
  });
  let left = cents.minus(parts.reduce((s, p) => s.plus(p.floor), ZERO)).toNumber();
  const order = [...parts].sort((a, b) => b.rest.cmp(a.rest) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const p of order) {
    if (left <= 0) break;
    p.floor = p.floor.plus(1);
    left--;
  }
  const sign = t.lt(0) ? -1 : 1;
  for (const p of parts) out.set(p.key, p.floor.times(sign).div(100));
  return out;
}

/**
 * Signed amounts (exact, any sign) apportioned in cents so they add up to round2(Σ): each gets the
 * floor of its value in cents, the cents left go to the largest remainders (ties by key). A value
 * of exactly 0 never gets a cent. Used for who holds what (en_su_poder and Sin asignar), so that
 * Σ en_su_poder + sin_titular = patrimonio_final to the cent.
 */
export function apportionValues(values: readonly { key: string; value: Big }[]): Map<string, Big> {
  const total = roundHalfUp(
    values.reduce((s, v) => s.plus(v.value), ZERO),
    2,
  ).times(100);
  const parts = values.map((v) => {
    const c = v.value.times(100);
    const floor = c.round(0, Big.roundDown).gt(c) ? c.round(0, Big.roundDown).minus(1) : c.round(0, Big.roundDown);
    return { key: v.key, floor, rest: c.minus(floor) };
  });
  let left = total.minus(parts.reduce((s, p) => s.plus(p.floor), ZERO)).toNumber();
  const order = [...parts].sort((a, b) => b.rest.cmp(a.rest) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const p of order) {
    if (left <= 0 || p.rest.eq(0)) break;
    p.floor = p.floor.plus(1);
    left--;
  }
  const out = new Map<string, Big>();
  for (const p of parts) out.set(p.key, p.floor.div(100));
  return out;
}

/**
 * Who pays whom (DESIGN §22): the largest debtor (holds more than their capital) pays the largest
 * creditor, repeatedly, ordered by amount then userId, in cents, until what remains is under 0.01.
 * Each transfer settles at least one side, so there are at most members − 1.
 */
export function transferenciasLiquidacion(
  diferencias: readonly { userId: string; diferencia: DecimalInput }[],
): { de: string; a: string; monto: Big }[] {
  const debt = diferencias.map((d) => ({ id: d.userId, v: toBigOrZero(d.diferencia) }));
  const out: { de: string; a: string; monto: Big }[] = [];
  const byAmount = (a: { id: string; v: Big }, b: { id: string; v: Big }) =>
    b.v.abs().cmp(a.v.abs()) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  for (let guard = 0; guard < diferencias.length; guard++) {
    const debtors = debt.filter((d) => d.v.gte(CENT)).sort(byAmount);
    const creditors = debt.filter((d) => d.v.lte(CENT.neg())).sort(byAmount);
    const d = debtors[0];
    const c = creditors[0];
    if (!d || !c) break;
    const monto = d.v.lt(c.v.abs()) ? d.v : c.v.abs();
    out.push({ de: d.id, a: c.id, monto });
    d.v = d.v.minus(monto);
    c.v = c.v.plus(monto);
  }
  return out;
}

/** capital of each member at the end of `desde` − 1: aportes − retiros before desde + closed results. */
function capitalesIniciales(e: EntradaLiquidacion): Map<string, Big> {
  const cap = new Map<string, Big>();
  const add = (id: string, v: Big) => cap.set(id, (cap.get(id) ?? ZERO).plus(v));
  for (const m of e.movimientos) {
    if (m.fecha >= e.desde && !(m.registro === true && m.fecha === e.desde)) continue;
    add(m.userId, m.tipo === 'aporte' ? toBigOrZero(m.usd) : toBigOrZero(m.usd).neg());
  }
  for (const r of e.resultadosCerrados) add(r.userId, toBigOrZero(r.resultadoUsd));
  return cap;
}

/** The settlement of a period (DESIGN §22): see the module comment. */
export function calcularLiquidacion(e: EntradaLiquidacion): ResultadoLiquidacion {
  const avisos: string[] = [];
  const nombres = new Map(e.personas.map((p) => [p.userId, p]));
  const capIni = capitalesIniciales(e);
  const dias = daysBetween(e.desde, e.hasta) + 1;

  // Period aportes/retiros and capital × time weights: capital_inicial counts every day; a
  // movement of day f counts from f to hasta (capital at the END of each day).
  const aportes = new Map<string, Big>();
  const retiros = new Map<string, Big>();
  const peso = new Map<string, Big>();
  for (const [id, c] of capIni) peso.set(id, c.times(dias));
  // A registration inside the period (after desde) lists its aportes (and retiros: decision
  // 0059), but no money came in or went out: the same amount is taken back out of the result
  // (decision 0056). `registrado` is that net amount (aportes − retiros).
  let registrado = ZERO;
  for (const m of e.movimientos) {
    if (m.fecha < e.desde || m.fecha > e.hasta) continue;
    if (m.registro === true && m.fecha === e.desde) continue; // capital_inicial (capitalesIniciales)
    const v = toBigOrZero(m.usd);
    if (m.registro === true) registrado = m.tipo === 'aporte' ? registrado.plus(v) : registrado.minus(v);
    const map = m.tipo === 'aporte' ? aportes : retiros;
    map.set(m.userId, (map.get(m.userId) ?? ZERO).plus(v));
    const signed = m.tipo === 'aporte' ? v : v.neg();
    peso.set(m.userId, (peso.get(m.userId) ?? ZERO).plus(signed.times(daysBetween(m.fecha, e.hasta) + 1)));
  }

  // Who is listed (DESIGN §28 "Former partners"): members at hasta, anyone with capital, a
  // movement, a closed result, holdings, or a share in the split rule.
  const ids = new Set<string>();
  for (const p of e.personas) if (p.miembro) ids.add(p.userId);
  for (const id of capIni.keys()) ids.add(id);
  for (const id of aportes.keys()) ids.add(id);
  for (const id of retiros.keys()) ids.add(id);
  for (const t of e.tenencias) if (t.titularId !== null) ids.add(t.titularId);
  for (const p of e.reparto.metodo === 'porcentaje' ? (e.reparto.porcentajes ?? []) : []) ids.add(p.userId);
  if (e.reparto.operador) ids.add(e.reparto.operador.userId);
  const socios = [...ids].sort((a, b) => {
    const na = nombres.get(a)?.user_name ?? '';
    const nb = nombres.get(b)?.user_name ?? '';
    return na.localeCompare(nb, 'es') || (a < b ? -1 : a > b ? 1 : 0);
  });

  const patrimonioInicial =
    e.patrimonioInicialUsd !== undefined && e.patrimonioInicialUsd !== null
      ? roundHalfUp(toBigOrZero(e.patrimonioInicialUsd), 2)
      : roundHalfUp(valueExact(e.saldoInicial.ves, e.saldoInicial.usd, e.tasaInicial), 2);

  // Holdings at the end, apportioned in cents from the one rounded equity.
  const porTitular = new Map<string, Big>();
  for (const t of e.tenencias) {
    const key = t.titularId ?? '';
    porTitular.set(key, (porTitular.get(key) ?? ZERO).plus(valueExact(t.ves, t.usd, e.tasaFinal)));
  }
  if (!porTitular.has('')) porTitular.set('', ZERO);
  const valores = [...porTitular].map(([key, value]) => ({ key, value }));
  const enSuPoder = apportionValues(valores);
  const patrimonioFinal = valores.length ? [...enSuPoder.values()].reduce((s, v) => s.plus(v), ZERO) : ZERO;
  const sinTitular = enSuPoder.get('') ?? ZERO;

  const totalAportes = [...aportes.values()].reduce((s, v) => s.plus(v), ZERO);
  const totalRetiros = [...retiros.values()].reduce((s, v) => s.plus(v), ZERO);
  const resultado = patrimonioFinal.minus(patrimonioInicial).minus(totalAportes.minus(registrado).minus(totalRetiros));

  // The operator's commission: on a positive result only, before the split (DESIGN §22, §28).
  const operador = e.reparto.operador ?? null;
  const comision = operador && resultado.gt(0) ? roundHalfUp(resultado.times(toBigOrZero(operador.porcentaje)).div(100), 2) : ZERO;
  const aRepartir = resultado.minus(comision);

  // Weights of the split.
  let pesos: { key: string; weight: Big }[];
  if (e.reparto.metodo === 'porcentaje') {
    pesos = (e.reparto.porcentajes ?? []).map((p) => ({ key: p.userId, weight: toBigOrZero(p.porcentaje) }));
  } else {
    pesos = socios.map((id) => ({ key: id, weight: maxZero(peso.get(id) ?? ZERO) }));
    if (pesos.every((p) => p.weight.eq(0))) {
      // No weight at all: equal shares among those with capital or aportes in the period, else the members at hasta (DESIGN §28).
      let iguales = socios.filter((id) => !(capIni.get(id) ?? ZERO).eq(0) || aportes.has(id));
      if (iguales.length === 0) iguales = socios.filter((id) => nombres.get(id)?.miembro);
      if (iguales.length === 0) iguales = socios;
      pesos = iguales.map((id) => ({ key: id, weight: new Big(1) }));
    }
  }
  const sumaPesos = pesos.reduce((s, p) => s.plus(p.weight), ZERO);
  const partes = sumaPesos.gt(0) ? largestRemainder(aRepartir, pesos) : new Map<string, Big>();
  const participacion = new Map(pesos.map((p) => [p.key, sumaPesos.gt(0) ? divHalfUp(p.weight, sumaPesos, 6) : ZERO]));

  const filas: SocioLiquidacion[] = socios.map((id) => {
    const ini = roundHalfUp(capIni.get(id) ?? ZERO, 2);
    const ap = aportes.get(id) ?? ZERO;
    const re = retiros.get(id) ?? ZERO;
    const res = (partes.get(id) ?? ZERO).plus(operador && operador.userId === id ? comision : ZERO);
    const fin = ini.plus(ap).minus(re).plus(res);
    const poder = enSuPoder.get(id) ?? ZERO;
    const persona = nombres.get(id);
    return {
      userId: id,
      user_name: persona?.user_name ?? '',
      ex_miembro: !(persona?.miembro ?? false),
      capital_inicial_usd: money(ini),
      aportes_usd: money(ap),
      retiros_usd: money(re),
      participacion: toFixedString(participacion.get(id) ?? ZERO, 6),
      resultado_usd: money(res),
      capital_final_usd: money(fin),
      en_su_poder_usd: money(poder),
      diferencia_usd: money(poder.minus(fin)),
    };
  });

  const sumaIni = filas.reduce((s, f) => s.plus(f.capital_inicial_usd), ZERO);
  const sinRegistrar = patrimonioInicial.minus(sumaIni);
  if (sinRegistrar.abs().gte(CENT)) avisos.push(AVISOS_LIQUIDACION.capitalSinRegistrar);
  if (sinTitular.abs().gte(CENT)) avisos.push(AVISOS_LIQUIDACION.sinTitular);
  const ajustes = (e.ajustesDeBase ?? []).map((a) => ({
    fecha: a.fecha,
    ves: money(toBigOrZero(a.ves)),
    usd: money(toBigOrZero(a.usd)),
  }));
  for (const a of ajustes) avisos.push(AVISOS_LIQUIDACION.baseManual(a.fecha));

  let transferencias: TransferenciaLiquidacion[] = [];
  if (sinRegistrar.abs().lt(CENT) && sinTitular.abs().lt(CENT)) {
    const persona = (id: string) => ({ id, user_name: nombres.get(id)?.user_name ?? '' });
    transferencias = transferenciasLiquidacion(filas.map((f) => ({ userId: f.userId, diferencia: f.diferencia_usd }))).map((t) => ({
      de: persona(t.de),
      a: persona(t.a),
      monto_usd: money(t.monto),
      monto_ves: e.tasaFinal === null ? null : money(roundHalfUp(t.monto.times(toBigOrZero(e.tasaFinal)), 2)),
    }));
  }

  return {
    patrimonio_inicial_usd: money(patrimonioInicial),
    patrimonio_final_usd: money(patrimonioFinal),
    aportes_usd: money(totalAportes),
    retiros_usd: money(totalRetiros),
    resultado_usd: money(resultado),
    ganancia_realizada_usd: money(roundHalfUp(toBigOrZero(e.gananciaRealizadaUsd), 2)),
    comision_operador_usd: money(comision),
    socios: filas,
    sin_titular_usd: money(sinTitular),
    capital_sin_registrar_usd: money(sinRegistrar),
    transferencias,
    ajustes_de_base: ajustes,
    avisos,
  };
}

function maxZero(v: Big): Big {
  return v.lt(0) ? ZERO : v;
}

/** Percentages of a split rule: 2 decimals each, summing exactly 100 (DESIGN §22). */
export function porcentajesSuman100(porcentajes: readonly { porcentaje: DecimalInput }[]): boolean {
  return porcentajes.reduce((s, p) => s.plus(toBigOrZero(p.porcentaje)), ZERO).eq(100);
}

/**
 * "Registrar capital inicial" (DESIGN §28 "Existing ledgers", decision 0056): what is still to be
 * assigned per currency — the day's opening balances minus the members' amounts typed so far.
 * Both 0 exactly is the one state the server accepts. Amounts are exact decimal text, of any sign:
 * a currency that opened below zero is split in negative amounts (decision 0059).
 */
export function capitalPorAsignar(
  apertura: { ves: DecimalInput; usd: DecimalInput },
  aportes: readonly { ves: DecimalInput; usd: DecimalInput }[],
): { ves: string; usd: string } {
  let ves = roundHalfUp(toBigOrZero(apertura.ves), 2);
  let usd = roundHalfUp(toBigOrZero(apertura.usd), 2);
  for (const a of aportes) {
    ves = ves.minus(toBigOrZero(a.ves));
    usd = usd.minus(toBigOrZero(a.usd));
  }
  return { ves: money(ves), usd: money(usd) };
}

/**
 * The movements a registration writes (decision 0056): per member and currency, a positive amount
 * is an aporte, a negative one a retiro of its absolute value (a currency that opened below zero —
 * a debt — lowers the capital of whoever takes it on: decision 0059), and 0 writes nothing.
 */
export function filasCapitalInicial(
  aportes: readonly { userId: string; ves: DecimalInput; usd: DecimalInput }[],
): { userId: string; tipo: 'aporte' | 'retiro'; moneda: 'VES' | 'USD'; monto: string }[] {
  const out: { userId: string; tipo: 'aporte' | 'retiro'; moneda: 'VES' | 'USD'; monto: string }[] = [];
  for (const a of aportes)
    for (const moneda of ['VES', 'USD'] as const) {
      const v = toBigOrZero(moneda === 'VES' ? a.ves : a.usd);
      if (v.eq(0)) continue;
      out.push({ userId: a.userId, tipo: v.gt(0) ? 'aporte' : 'retiro', moneda, monto: money(v.abs()) });
    }
  return out;
}

/**
 * The dialog's first proposal: each opening balance split evenly among the members, in cents, the
 * cents left going to the first ones in the given order (largest remainder with equal weights).
 */
export function repartoParejo(
  apertura: { ves: DecimalInput; usd: DecimalInput },
  userIds: readonly string[],
): { userId: string; ves: string; usd: string }[] {
  if (userIds.length === 0) return [];
  // Keys that sort in the members' order, so ties give the leftover cents to the first ones.
  const pesos = userIds.map((_, i) => ({ key: String(i).padStart(4, '0'), weight: 1 }));
  const ves = largestRemainder(roundHalfUp(toBigOrZero(apertura.ves), 2), pesos);
  const usd = largestRemainder(roundHalfUp(toBigOrZero(apertura.usd), 2), pesos);
  return userIds.map((userId, i) => {
    const k = String(i).padStart(4, '0');
    return { userId, ves: money(ves.get(k) ?? ZERO), usd: money(usd.get(k) ?? ZERO) };
  });
}
