ALTER TABLE "course_lessons" ADD COLUMN "video_file_name" text;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "video_size_bytes" bigint;