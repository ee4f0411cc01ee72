import { useQueryClient } from "@tanstack/react-query";
import {
  Activity,
  CalendarCheck,
  Droplets,
  FlaskConical,
  type LucideIcon,
  TriangleAlert,
  Users,
} from "lucide-react";
import type { MouseEvent } from "react";
import { Link, useLocation } from "wouter";
import { Button } from "@/client/components/ui/button";
import { useChildFilter } from "@/client/lib/child-filter";
import { childrenApi } from "@/client/lib/children-api";

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
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  // A family starts by adding their child; after that, by recording the day's TPN.
  const startFor = (count: number) => (count === 0 ? "/children" : "/tpn-nutrition");
  const startHref = startFor(children.length);
  // Pressed before the children have arrived (a slow connection): wait for them, so a family
  // without a child is not sent to TPN Nutrition.
  const startWhenLoaded = (event: MouseEvent) => {
    if (!isLoading) return;
    event.preventDefault();
    void queryClient
      .ensureQueryData(childrenApi.listOptions())
      .then((list) => navigate(startFor(list.length)))
      .catch(() => navigate("/children"));
  };

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
          <Link href={startHref} onClick={startWhenLoaded}>
            Get Started
          </Link>
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
