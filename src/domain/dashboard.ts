/** The six counts of `GET /api/dashboard/stats`. */
export interface DashboardStats {
  tpnEntries: number;
  specialistVisits: number;
  labTests: number;
  symptomEntries: number;
  medicalAllergies: number;
  careTeamMembers: number;
}
