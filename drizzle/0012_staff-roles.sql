ALTER TABLE `admins` ADD `role` text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE `admins` ADD `specialist_id` text REFERENCES specialists(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `admins` ADD `active` integer DEFAULT true NOT NULL;