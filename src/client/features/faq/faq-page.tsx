import { PageHeader } from "@/client/components/ui/page-header";

export function FaqPage() {
  return <PageHeader title="FAQ" subtitle="Answers to common questions about using the tracker." />;
}
