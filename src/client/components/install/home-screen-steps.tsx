import { Share } from "lucide-react";

/** Why an iPhone or iPad needs the app on its Home Screen: reminders, and entries kept on the phone. */
export const HOME_SCREEN_WHY =
  "Reminders reach an iPhone or iPad only in an app on the Home Screen, and iOS deletes the entries kept on this phone after 7 days without a visit unless the app is on the Home Screen.";

/** Safari's steps to add the app to the Home Screen, and why it matters. */
export function HomeScreenSteps() {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <ol className="list-decimal pl-5">
        <li>
          In Safari, tap Share <Share aria-hidden="true" className="inline size-4 align-text-bottom" /> (the
          square with an arrow), then Add to Home Screen.
        </li>
        <li>Open the app from its icon on the Home Screen.</li>
      </ol>
      <p className="text-muted-foreground">{HOME_SCREEN_WHY}</p>
    </div>
  );
}
