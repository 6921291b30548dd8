import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface Props {
  /** Options without width (the chart takes its box's width, phone first). */
  options: Omit<uPlot.Options, 'width'>;
  data: uPlot.AlignedData;
  /** What a screen reader reads instead of the canvas. */
  label: string;
}

/**
 * uPlot in React (docs/decisions/0051): made once per options, fed new data in place, resized to
 * its box. uPlot is imported only by this feature, so it lives in the Reportes chunk alone.
 */
export function UPlotChart({ options, data, label }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const plot = new uPlot({ ...options, width: Math.max(el.clientWidth, 280) }, data, el);
    chart.current = plot;
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 280), height: options.height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
      chart.current = null;
    };
    // The data is set in place below; the chart is made again only for new options.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options]);
  useEffect(() => {
    chart.current?.setData(data);
  }, [data]);
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%' }} />;
}
