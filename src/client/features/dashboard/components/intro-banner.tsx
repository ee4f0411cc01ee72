import {
  Activity,
  CalendarCheck,
  Droplets,
  FlaskConical,
  type LucideIcon,
  TriangleAlert,
  Users,
} from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { useChildFilter } from "@/client/lib/child-filter";

const SECTIONS: readonly { label: string; icon: LucideIcon }[] = [
  { label: "Care Team", icon: Users },
  { label: "TPN Nutrition", icon: Droplets },
  { label: "Specialist Visits", icon: CalendarCheck },
  { label: "Lab Tests", icon: FlaskConical },
  { label: "Symptoms & Pain", icon: Activity },
  { label: "Medical Allergies", icon: TriangleAlert },
];

/** The closing banner: what the tracker covers, and where to begin. */
export function IntroBanner() {
  const { children, isLoading } = useChildFilter();
  // A family starts by adding their child; after that, by recording the day's TPN.
  const startHref = !isLoading && children.length === 0 ? "/children" : "/tpn-nutrition";

  return (
    <section
      aria-labelledby="intro-banner-heading"
      className="rounded-2xl bg-linear-to-br from-blue-600 to-indigo-700 p-6 text-white dark:from-[#1e3a8a] dark:to-[#312e81] shadow-sm sm:p-8"
    >
      <h2 id="intro-banner-heading" className="font-bold text-xl sm:text-2xl">
        Everything about your child's care, in one place
      </h2>
      <p className="mt-2 max-w-2xl text-blue-100 dark:text-[#dbeafe]">
        Keep the care team's contacts, daily TPN, specialist visits, lab results, symptoms and allergies
        together, ready to share with doctors and nurses.
      </p>
      <ul className="mt-5 flex flex-wrap gap-2">
        {SECTIONS.map(({ label, icon: Icon }) => (
          <li
            key={label}
            className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 font-medium text-sm"
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          asChild
          size="lg"
          className="bg-white text-blue-700 hover:bg-blue-50 dark:text-[#1d4ed8] dark:hover:bg-[#eff6ff]"
        >
          <Link href={startHref}>Get Started</Link>
        </Button>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="border-white/70 bg-transparent text-white hover:bg-white/10"
        >
          <Link href="/faq">Learn More</Link>
        </Button>
      </div>
    </section>
  );
}
