import AdminCampaignsTab from '@/features/admin-campaigns';

/** /remarketing: the same campaigns as the Marketing tab (spec 001 section 2; one implementation). */
export default function RemarketingPage() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-semibold">Remarketing</h1>
      <AdminCampaignsTab />
    </div>
  );
}
