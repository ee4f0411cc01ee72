import { Moon } from "lucide-react";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { type ThemeChoice, useThemeChoice } from "@/client/lib/theme";

const CHOICES: readonly { value: ThemeChoice; label: string }[] = [
  { value: "system", label: "System" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

/** Light or dark screens, on this device: as the system says, or always one way. */
export function ThemeCard() {
  const [choice, setChoice] = useThemeChoice();
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <Moon aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Appearance</CardTitle>
        </div>
        <CardDescription>
          Dark screens are easier on the eyes at night. "System" follows this device's setting.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ChoiceChips
          label="Theme on this device"
          choices={CHOICES}
          value={choice}
          onChange={(value) => setChoice(value as ThemeChoice)}
        />
      </CardContent>
    </Card>
  );
}
