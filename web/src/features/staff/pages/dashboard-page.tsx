// /admin: the day at a glance (orders today and their total, what waits for payment confirmation and
// for delivery, messages to answer) and the last 30 days as two small bar charts.
import { Link } from 'react-router-dom';
import { staffPaths } from '../staff-paths';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { fetchDashboard } from '../api/staff-api';
import { DailyBarChart } from '../components/daily-bar-chart';
import { LoadState } from '../components/load-state';
import { compactNumber, formatMoney } from '../format';
import { useRemote } from '../use-remote';

function Stat({ label, value, to }: { label: string; value: string; to?: string }) {
  const body = (
    <>
      <span className="staff-stat-value">{value}</span>
      <span className="staff-stat-label">{label}</span>
    </>
  );
  return <li className="staff-stat">{to ? <Link to={to}>{body}</Link> : body}</li>;
}

const ordersHref = (filter: Record<string, string>) => `${staffPaths.orders}?${new URLSearchParams(filter).toString()}`;

export default function DashboardPage() {
  useDocumentTitle('Today');
  const { state, reload } = useRemote(fetchDashboard, [], 'Could not load today’s figures');
  const data = state.data;

  return (
    <div className="staff-page">
      <h1 className="page-title">Today</h1>
      <LoadState state={state} onRetry={() => void reload()} label="Loading today’s figures..." />
      {data ? (
        <>
          <ul className="staff-stats" aria-label="Today’s figures">
            <Stat label="Orders today" value={String(data.today.orders)} />
            <Stat label="Sales today" value={formatMoney(data.today.sales)} />
            <Stat
              label="Awaiting payment confirmation"
              value={String(data.today.awaitingPayment)}
              to={ordersHref({ paymentStatus: 'pending' })}
            />
            <Stat label="Awaiting delivery" value={String(data.today.awaitingDelivery)} />
            <Stat label="Messages to answer" value={String(data.unhandledMessages)} to={staffPaths.messages} />
          </ul>
          <section className="staff-charts" aria-label="The last 30 days">
            <DailyBarChart
              title="Orders per day"
              points={data.days.map((day) => ({ date: day.date, value: day.orders }))}
              format={(value) => String(Math.round(value))}
            />
            <DailyBarChart
              title="Sales per day (frw)"
              points={data.days.map((day) => ({ date: day.date, value: day.sales }))}
              format={formatMoney}
              formatAxis={compactNumber}
            />
          </section>
        </>
      ) : null}
    </div>
  );
}
