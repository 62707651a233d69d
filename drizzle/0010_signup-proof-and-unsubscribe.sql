-- The sign-up proof held by the client that typed the code (auth/signup.ts), and the one-click
-- unsubscribe from reminders and review requests (customers/reminder-mails.ts).
ALTER TABLE `otp_codes` ADD `proof_hash` text;--> statement-breakpoint
ALTER TABLE `users` ADD `unsubscribed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `unsubscribe_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_unsubscribe_token_unique` ON `users` (`unsubscribe_token`) WHERE "users"."unsubscribe_token" IS NOT NULL;