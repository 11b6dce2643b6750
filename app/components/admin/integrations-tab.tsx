import type { IntegrationsData } from "~/server/admin/integrations.server";

// Being built (issue 6): the Integrations tab of /settings/admin.
export function IntegrationsTab({ data }: { data: IntegrationsData }) {
  return <p>Email marketing: {data.emailMarketing.subscribers} subscribers.</p>;
}
