CREATE INDEX "lab_tests_export_date_idx" ON "lab_tests" USING btree ("user_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "specialist_visits_export_date_idx" ON "specialist_visits" USING btree ("user_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "symptom_entries_export_date_idx" ON "symptom_entries" USING btree ("user_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "tpn_entries_export_date_idx" ON "tpn_entries" USING btree ("user_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "food_diary_entries_export_date_idx" ON "food_diary_entries" USING btree ("user_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "physical_therapy_sessions_export_date_idx" ON "physical_therapy_sessions" USING btree ("user_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "medical_photos_export_date_idx" ON "medical_photos" USING btree ("user_id","date_taken","created_at","id");--> statement-breakpoint
CREATE INDEX "picc_infections_export_date_idx" ON "picc_infections" USING btree ("user_id","infection_date","created_at","id");--> statement-breakpoint
CREATE INDEX "picc_lines_export_date_idx" ON "picc_lines" USING btree ("user_id","insertion_date","created_at","id");--> statement-breakpoint
CREATE INDEX "supply_usage_export_date_idx" ON "supply_usage" USING btree ("user_id","usage_date","created_at","id");