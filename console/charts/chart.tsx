// One ECharts chart: the core with only the bar, line and pie series, the grid, tooltip, legend, aria
// and data-zoom components and the canvas renderer (tree-shaken; this module loads only with chart pages). The
// tooltip renders on the canvas (richText), so no markup with inline styles meets the console's CSP.
// Colours come from the theme's CSS variables, read from the chart's own element, so a theme switch
// repaints. The instance lives as long as the element: resized by a ResizeObserver, disposed on unmount.
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { varName } from '../../shared/theme/contract.ts';
import { blueTheme } from '../../shared/theme/tokens.ts';

echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, DataZoomComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

export interface Palette {
  text: string;
  muted: string;
  border: string;
  levels: Record<'critical' | 'warning' | 'reminder' | 'normal', string>;
}

/** The theme's colours as the element sees them (an ancestor's data-atrium-theme sets the variables). */
export function paletteOf(el: Element): Palette {
  const style = getComputedStyle(el);
  const read = (key: keyof typeof blueTheme.color) => style.getPropertyValue(varName(['color', key])).trim() || blueTheme.color[key];
  return {
    text: read('text'),
    muted: read('textMuted'),
    border: read('border'),
    levels: { critical: read('danger'), warning: read('warning'), reminder: read('info'), normal: read('success') },
  };
}

export interface ChartProps {
  /** Builds the option from the palette; called again when data or theme change. */
  option: (palette: Palette) => ChartOption;
  /** What the chart shows, until ECharts replaces it with its own description of the data. */
  label: string;
  onPick?: (params: { seriesName?: string; name?: string; dataIndex: number; seriesIndex?: number }) => void;
  /** Repaint when this changes (the theme name). */
  themeKey: string;
  testId: string;
  className: string;
}

export function Chart({ option, label, onPick, themeKey, testId, className }: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);
  // ECharts writes its own description of the data into aria-label, in this language.
  const locale = useTranslation().i18n.language === 'en' ? 'EN' : 'ZH';

  useEffect(() => {
    const el = ref.current!;
    const instance = echarts.init(el, undefined, { renderer: 'canvas', locale });
    chart.current = instance;
    instance.on('click', (p) => pick.current?.(p as never));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [locale]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !chart.current) return;
    chart.current.setOption({ aria: { enabled: true }, animation: false, ...option(paletteOf(el)) }, { notMerge: true });
  }, [option, themeKey, locale]);

  return <div ref={ref} className={className} role="img" aria-label={label} data-testid={testId} />;
}
