import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { bucketLabel, PALETTE, type Breakdown, type Range, type ReaderAnalytics } from './data';

/** Charts (recharts 3), loaded only with the analytics screens. Each has a text alternative beside it. */

export function ViewsChart({ data }: { data: ReaderAnalytics }) {
  const points = data.series.map((p) => ({ label: bucketLabel(p.at, data.range as Range), Views: p.views, Readers: p.readers }));
  return (
    <div className="an-chart" role="img" aria-label={`Page views and readers per ${data.range === '24h' ? 'hour' : 'day'}: ${data.series.length} points, ${data.totals.pageViews} views in all.`}>
      <ResponsiveContainer width="100%" height={260}>
        <AreaChart data={points} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Area type="monotone" dataKey="Views" stroke="#2563eb" fill="#bfdbfe" isAnimationActive={false} />
          <Area type="monotone" dataKey="Readers" stroke="#16a34a" fill="#bbf7d0" isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

export function BreakdownPie({ rows, label, names }: { rows: Breakdown[]; label: string; names?: Record<string, string> }) {
  const data = rows.map((r) => ({ name: names?.[r.key] ?? r.key, value: r.count }));
  return (
    <div className="an-chart" role="img" aria-label={`${label}: ${rows.map((r) => `${names?.[r.key] ?? r.key} ${r.percentage}%`).join(', ')}`}>
      <ResponsiveContainer width="100%" height={240}>
        <PieChart>
          <Pie data={data} dataKey="value" nameKey="name" innerRadius={50} outerRadius={90} isAnimationActive={false}>
            {data.map((_, i) => (
              <Cell key={i} fill={PALETTE[i % PALETTE.length]} />
            ))}
          </Pie>
          <Tooltip />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}

export function TopArticlesChart({ data }: { data: ReaderAnalytics }) {
  const rows = data.topArticles.slice(0, 8).map((a) => ({ name: a.title.length > 38 ? `${a.title.slice(0, 37)}…` : a.title, Views: a.views, Shares: a.shares }));
  return (
    <div className="an-chart" role="img" aria-label={`Most-read stories: ${data.topArticles.map((a) => `${a.title} ${a.views} views`).join('; ')}`}>
      <ResponsiveContainer width="100%" height={Math.max(160, rows.length * 40)}>
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, left: 8, bottom: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="name" width={220} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Bar dataKey="Views" fill="#2563eb" isAnimationActive={false} />
          <Bar dataKey="Shares" fill="#ea580c" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function BreakdownBars({ rows, names }: { rows: Breakdown[]; names?: Record<string, string> }) {
  return (
    <ul className="an-bars">
      {rows.map((r, i) => (
        <li key={r.key}>
          <span className="an-bar-label">{names?.[r.key] ?? r.key}</span>
          <span className="an-bar-track" aria-hidden="true">
            <span style={{ width: `${Math.max(2, r.percentage)}%`, background: PALETTE[i % PALETTE.length] }} />
          </span>
          <span className="an-bar-value">
            {r.count.toLocaleString('en-US')} ({r.percentage}%)
          </span>
        </li>
      ))}
    </ul>
  );
}
