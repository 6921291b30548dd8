import { messages, type MovimientoJson } from '@arb/shared';

/**
 * "Banesco → Binance · pago proveedor", "Sin asignar → Banesco", "Banesco · Ana · gastos": where the
 * money went, and why when someone wrote it (a transfer's notes were dropped — walk3).
 */
export function movimientoRuta(m: MovimientoJson, nombres: ReadonlyMap<string, string>): string {
  const name = (id: string | null) => (id === null ? messages.sinAsignar : (nombres.get(id) ?? '—'));
  if (m.tipo === 'transferencia') {
    const ruta = `${name(m.cuenta_origen_id)} → ${name(m.cuenta_destino_id)}`;
    return m.notas ? `${ruta} · ${m.notas}` : ruta;
  }
  const cuenta = m.cuenta_destino_id ?? m.cuenta_origen_id;
  const parts = [name(cuenta)];
  if (m.miembro) parts.push(m.miembro.user_name);
  if (m.notas) parts.push(m.notas);
  return parts.join(' · ');
}

/** '-' for money leaving the ledger (a retiro, an ajuste out), '' otherwise (a transfer moves, an aporte brings). */
export function movimientoSigno(m: MovimientoJson): '-' | '' {
  return m.tipo === 'retiro' || (m.tipo === 'ajuste' && (m.cuenta_origen_id !== null || m.sentido === 'salida')) ? '-' : '';
}
