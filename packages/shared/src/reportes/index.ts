export * from './reporte-mes.ts';
export * from './reporte-json.ts';
export * from './reportes-messages.ts';
