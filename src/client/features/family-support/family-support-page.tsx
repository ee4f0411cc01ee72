import {
  BookOpen,
  ExternalLink,
  HandCoins,
  HeartHandshake,
  HeartPulse,
  type LucideIcon,
  Phone,
  ShieldAlert,
  Stethoscope,
  Users,
} from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { PageHeader } from "@/client/components/ui/page-header";
import {
  ADDITIONAL_RESOURCES,
  EMERGENCY_CONTACTS,
  RESOURCE_CATEGORIES,
  type Resource,
} from "./support-resources";

const CATEGORY_ICONS: Record<string, LucideIcon> = {
  "Medical Support": Stethoscope,
  "Emotional & Mental Health": HeartPulse,
  "Financial Assistance": HandCoins,
  "Educational Resources": BookOpen,
  "Community & Social": Users,
  "Emergency Preparedness": ShieldAlert,
};

/** Static help for families: emergency numbers, a word for caregivers, and trusted resources. */
export function FamilySupportPage() {
  return (
    <>
      <PageHeader
        title="Family Support"
        subtitle="Support and resources for families caring for a medically complex child."
      />
      <p className="mb-6 rounded-lg border border-blue-200 bg-blue-50 p-4 text-blue-900 text-sm">
        These numbers and organisations are for the United States. In an emergency, call 911.
      </p>

      <section aria-labelledby="emergency-contacts" className="mb-8">
        <h2 id="emergency-contacts" className="mb-3 font-semibold text-xl">
          Emergency contacts
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {EMERGENCY_CONTACTS.map((contact) => (
            <Card key={contact.name} className="border-red-200">
              <CardHeader>
                <CardTitle className="flex items-center gap-2 text-base">
                  <Phone aria-hidden="true" className="size-5 text-red-600" />
                  {contact.name}
                </CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-2">
                {contact.dial ? (
                  <a
                    href={`tel:${contact.dial}`}
                    className="font-bold text-2xl text-red-700 underline-offset-4 hover:underline"
                  >
                    {contact.phone}
                  </a>
                ) : (
                  <p className="font-semibold text-red-700">{contact.phone}</p>
                )}
                <p className="text-slate-700 text-sm">{contact.description}</p>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      <Card className="mb-8 border-violet-200 bg-violet-50/60">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <HeartHandshake aria-hidden="true" className="size-5 text-violet-600" />A note for caregivers
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 text-slate-700">
          <p>
            Caring for a child on TPN means night-time pump alarms, sterile line care, deliveries to check and
            appointments to juggle. It is a lot, and it is normal to feel worn out.
          </p>
          <p>
            Accept help when it is offered, teach a second person the line and pump routine so you can rest,
            and talk to your care team or another parent who has been there. Looking after yourself is part of
            looking after your child.
          </p>
        </CardContent>
      </Card>

      <section aria-labelledby="resources" className="mb-8">
        <h2 id="resources" className="mb-3 font-semibold text-xl">
          Resources
        </h2>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {RESOURCE_CATEGORIES.map((category) => {
            const Icon = CATEGORY_ICONS[category.title] ?? BookOpen;
            return (
              <Card key={category.title}>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2 text-base">
                    <Icon aria-hidden="true" className="size-5 text-primary" />
                    {category.title}
                  </CardTitle>
                  <CardDescription>{category.description}</CardDescription>
                </CardHeader>
                <CardContent>
                  <ResourceList resources={category.resources} />
                </CardContent>
              </Card>
            );
          })}
        </div>
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Additional Resources</CardTitle>
          <CardDescription>More places to learn about rare conditions and find support.</CardDescription>
        </CardHeader>
        <CardContent>
          <ResourceList resources={ADDITIONAL_RESOURCES} />
        </CardContent>
      </Card>
    </>
  );
}

function ResourceList({ resources }: { resources: Resource[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {resources.map((resource) => (
        <li key={resource.name} className="text-sm">
          {resource.url ? (
            <a
              href={resource.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              {resource.name}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            <span className="font-medium text-foreground">{resource.name}</span>
          )}
          {resource.phone && (
            <>
              {" · "}
              <a
                href={`tel:${resource.phone.replaceAll("-", "")}`}
                className="text-foreground underline-offset-4 hover:underline"
              >
                {resource.phone}
              </a>
            </>
          )}
          <p className="text-slate-600">{resource.description}</p>
        </li>
      ))}
    </ul>
  );
}
