import { PageHeader } from "@/client/components/ui/page-header";
import { Spinner } from "@/client/components/ui/spinner";
import { TemperatureSettingsCard } from "@/client/components/vitals/temperature-settings-card";
import { useAuth } from "@/client/lib/auth";
import { ApiTokensCard } from "./components/api-tokens-card";
import { BackupsCard } from "./components/backups-card";
import { DangerZoneCard } from "./components/danger-zone-card";
import { DataManagementCard } from "./components/data-management-card";
import { InstallCard } from "./components/install-card";
import { NotificationsCard } from "./components/notifications-card";
import { PasskeysCard } from "./components/passkeys-card";
import { PasswordCard } from "./components/password-card";
import { PrivacyCard } from "./components/privacy-card";
import { ProfileForm } from "./components/profile-form";
import { ReminderRotaCard } from "./components/reminder-rota-card";
import { SignedInDevicesCard } from "./components/signed-in-devices-card";
import { StorageCard } from "./components/storage-card";
import { TaskSettingsCard } from "./components/task-settings-card";
import { ThemeCard } from "./components/theme-card";
import { TimeZoneCard } from "./components/time-zone-card";
import { TwoFactorCard } from "./components/two-factor-card";

export function SettingsPage() {
  const { user } = useAuth();
  if (!user) return <Spinner label="Loading profile..." showLabel className="py-24" />;
  return (
    <>
      <PageHeader title="Account Settings" subtitle="Your profile, your data, and your account." />
      <div className="flex max-w-3xl flex-col gap-6">
        <ProfileForm user={user} />
        <TimeZoneCard user={user} />
        <TemperatureSettingsCard user={user} />
        <TaskSettingsCard />
        <ReminderRotaCard />
        <InstallCard />
        <NotificationsCard />
        <PasskeysCard />
        <PasswordCard />
        <TwoFactorCard />
        <SignedInDevicesCard />
        <ApiTokensCard user={user} />
        <ThemeCard />
        <DataManagementCard />
        <StorageCard />
        {user.role === "owner" ? <BackupsCard /> : null}
        <DangerZoneCard />
        <PrivacyCard />
      </div>
    </>
  );
}
