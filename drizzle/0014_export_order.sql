CREATE INDEX "lab_tests_export_idx" ON "lab_tests" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "medical_allergies_export_idx" ON "medical_allergies" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "specialist_visits_export_idx" ON "specialist_visits" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "symptom_entries_export_idx" ON "symptom_entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tpn_entries_export_idx" ON "tpn_entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "children_export_idx" ON "children" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "food_diary_entries_export_idx" ON "food_diary_entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "medications_export_idx" ON "medications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "physical_therapy_sessions_export_idx" ON "physical_therapy_sessions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "medical_photos_export_idx" ON "medical_photos" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "picc_infections_export_idx" ON "picc_infections" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "picc_lines_export_idx" ON "picc_lines" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "infusion_centers_export_idx" ON "infusion_centers" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "supply_usage_export_idx" ON "supply_usage" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tpn_supplies_export_idx" ON "tpn_supplies" USING btree ("user_id","created_at","id");