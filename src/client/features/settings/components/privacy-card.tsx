import { Clock, HardDrive, Lock, ShieldCheck } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";

const POINTS = [
  {
    icon: Clock,
    text: "Sessions end automatically after 24 hours, and sooner when the app has not been used for a while.",
  },
  {
    icon: HardDrive,
    text: "Your data is stored privately on your family's own server, not shared with anyone else.",
  },
  { icon: Lock, text: "Only your signed-in account can see your records and medical photos." },
];

export function PrivacyCard() {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Privacy & Security</CardTitle>
        </div>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {POINTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
