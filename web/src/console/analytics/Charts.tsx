import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useConsoleI18n } from '../console-i18n';
import { bucketLabel, PALETTE, percent, type Breakdown, type Range, type ReaderAnalytics } from './data';

/** Charts (recharts 3), loaded only with the analytics screens. Each has a text alternative beside it. */

export function ViewsChart({ data }: { data: ReaderAnalytics }) {
  const { t, fmt } = useConsoleI18n();
  const points = data.series.map((p) => ({ label: bucketLabel(p.at, data.range as Range, fmt.locale), views: p.views, readers: p.readers }));
  const summary = t(data.range === '24h' ? 'console.analytics.chartHourly' : 'console.analytics.chartDaily', {
    points: fmt.number(data.series.length),
    views: fmt.number(data.totals.pageViews),
  });
  return (
    <div className="an-chart" role="img" aria-label={summary}>
      <ResponsiveContainer width="100%" height={260}>
        <AreaChart data={points} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} tickFormatter={(v: number) => fmt.number(v)} />
          <Tooltip formatter={(v) => fmt.number(Number(v))} />
          <Legend />
          <Area type="monotone" dataKey="views" name={t('console.analytics.views')} stroke="#2563eb" fill="#bfdbfe" isAnimationActive={false} />
          <Area type="monotone" dataKey="readers" name={t('console.analytics.readers')} stroke="#16a34a" fill="#bbf7d0" isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** `name`: each row's name in the page's language (a device, a traffic source, a region). */
export function BreakdownPie({ rows, label, name }: { rows: Breakdown[]; label: string; name: (key: string) => string }) {
  const { fmt } = useConsoleI18n();
  const data = rows.map((r) => ({ name: name(r.key), value: r.count }));
  return (
    <div className="an-chart" role="img" aria-label={`${label}: ${rows.map((r) => `${name(r.key)} ${percent(r.percentage, fmt.locale)}`).join(', ')}`}>
      <ResponsiveContainer width="100%" height={240}>
        <PieChart>
          <Pie data={data} dataKey="value" nameKey="name" innerRadius={50} outerRadius={90} isAnimationActive={false}>
            {data.map((_, i) => (
              <Cell key={i} fill={PALETTE[i % PALETTE.length]} />
            ))}
          </Pie>
          <Tooltip formatter={(v) => fmt.number(Number(v))} />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A story title on the bar chart's axis: the story's words, marked with its language. */
function TitleTick({ x, y, payload, lang }: { x?: number | string; y?: number | string; payload?: { value: string }; lang: (title: string) => string }) {
  return (
    <text x={x} y={y} dy={4} textAnchor="end" fontSize={12} fill="#4b5563" lang={lang(payload?.value ?? '')}>
      {payload?.value}
    </text>
  );
}

export function TopArticlesChart({ data }: { data: ReaderAnalytics }) {
  const { t, fmt } = useConsoleI18n();
  const short = (title: string) => (title.length > 38 ? `${title.slice(0, 37)}…` : title);
  const rows = data.topArticles.slice(0, 8).map((a) => ({ name: short(a.title), views: a.views, shares: a.shares, lang: a.language ?? 'en' }));
  const langOf = (name: string) => rows.find((r) => r.name === name)?.lang ?? 'en';
  const list = data.topArticles.map((a) => t('console.analytics.topChartItem', { title: a.title, views: fmt.number(a.views) })).join('; ');
  return (
    <div className="an-chart" role="img" aria-label={t('console.analytics.topChart', { list })}>
      <ResponsiveContainer width="100%" height={Math.max(160, rows.length * 40)}>
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, left: 8, bottom: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} tickFormatter={(v: number) => fmt.number(v)} />
          <YAxis type="category" dataKey="name" width={220} tick={(props: object) => <TitleTick {...props} lang={langOf} />} />
          <Tooltip formatter={(v) => fmt.number(Number(v))} />
          <Legend />
          <Bar dataKey="views" name={t('console.analytics.views')} fill="#2563eb" isAnimationActive={false} />
          <Bar dataKey="shares" name={t('console.analytics.shares')} fill="#ea580c" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function BreakdownBars({ rows, name }: { rows: Breakdown[]; name: (key: string) => string }) {
  const { fmt } = useConsoleI18n();
  return (
    <ul className="an-bars">
      {rows.map((r, i) => (
        <li key={r.key}>
          <span className="an-bar-label">{name(r.key)}</span>
          <span className="an-bar-track" aria-hidden="true">
            <span style={{ width: `${Math.max(2, r.percentage)}%`, background: PALETTE[i % PALETTE.length] }} />
          </span>
          <span className="an-bar-value">
            {fmt.number(r.count)} ({percent(r.percentage, fmt.locale)})
          </span>
        </li>
      ))}
    </ul>
  );
}
