import { Building2, Mail, Phone, StickyNote } from "lucide-react";
import { RecordCard, RecordDetail } from "@/client/components/record-screen/record-card";
import { Badge } from "@/client/components/ui/badge";
import type { CareTeamMember } from "../api";

const linkClassName = "font-medium text-primary underline-offset-4 hover:underline";

export function CareTeamCard({
  member,
  onEdit,
  onDelete,
}: {
  member: CareTeamMember;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  return (
    <RecordCard
      title={member.name}
      subtitle={member.role}
      badges={member.specialty ? <Badge variant="info">{member.specialty}</Badge> : null}
      onEdit={onEdit}
      onDelete={onDelete}
    >
      <RecordDetail icon={Building2} label="Hospital">
        {member.hospital}
      </RecordDetail>
      <RecordDetail icon={Phone} label="Phone">
        {member.phone ? (
          <a href={`tel:${member.phone.replace(/[^\d+]/g, "")}`} className={linkClassName}>
            {member.phone}
          </a>
        ) : null}
      </RecordDetail>
      <RecordDetail icon={Mail} label="Email">
        {member.email ? (
          <a href={`mailto:${member.email}`} className={`${linkClassName} break-all`}>
            {member.email}
          </a>
        ) : null}
      </RecordDetail>
      <RecordDetail icon={StickyNote} label="Notes">
        {member.notes ? (
          <span className="whitespace-pre-line text-muted-foreground">{member.notes}</span>
        ) : null}
      </RecordDetail>
    </RecordCard>
  );
}
