import {
  Activity,
  Camera,
  CircleCheck,
  Droplets,
  type LucideIcon,
  ShieldCheck,
  Stethoscope,
  Users,
} from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";

const FEATURES: readonly { title: string; text: string; icon: LucideIcon; tint: string }[] = [
  {
    title: "TPN Management",
    text: "Track TPN entries, supplies and usage, so every bag and every delivery is accounted for.",
    icon: Droplets,
    tint: "bg-blue-50 text-blue-700",
  },
  {
    title: "Visit Tracking",
    text: "Keep specialist visits, lab tests and follow-ups together, ready for the next appointment.",
    icon: Stethoscope,
    tint: "bg-emerald-50 text-emerald-700",
  },
  {
    title: "Medical Photos",
    text: "Store photos of wounds and conditions to show how they change over time.",
    icon: Camera,
    tint: "bg-violet-50 text-violet-700",
  },
  {
    title: "Care Team",
    text: "Have the contact details of every doctor, nurse and pharmacy one tap away.",
    icon: Users,
    tint: "bg-amber-50 text-amber-800",
  },
  {
    title: "Symptom Monitoring",
    text: "Record symptoms, pain levels and how your child responds to treatment.",
    icon: Activity,
    tint: "bg-rose-50 text-rose-700",
  },
  {
    title: "Secure & Private",
    text: "Records are stored securely on your family's own server and sessions end automatically.",
    icon: ShieldCheck,
    tint: "bg-slate-100 text-slate-700",
  },
];

const EXCELLENCE_POINTS = [
  "Secure storage for all of your child's medical records",
  "24-hour automatic logout to protect your information",
  "Comprehensive tracking of nutrition, visits, lab tests and symptoms",
  "Easy data export to share with your healthcare providers",
];

export function FeatureGrid() {
  return (
    <section aria-labelledby="features-heading">
      <h2 id="features-heading" className="sr-only">
        What you can track
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ title, text, icon: Icon, tint }) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader className="flex-row items-center gap-3">
                <span className={`flex size-11 shrink-0 items-center justify-center rounded-lg ${tint}`}>
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <CardTitle className="text-base sm:text-lg">{title}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-muted-foreground">{text}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HealthcareExcellenceCard() {
  return (
    <Card className="border-blue-100 bg-gradient-to-br from-white to-blue-50/60">
      <CardHeader>
        <CardTitle>Healthcare Excellence</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2">
          {EXCELLENCE_POINTS.map((point) => (
            <li key={point} className="flex items-start gap-2.5">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              <span>{point}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
