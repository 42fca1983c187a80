/** A figure with its label (passed translated). */
export function StatCard({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-brand-800">{value}</dd>
    </div>
  );
}
