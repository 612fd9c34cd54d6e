/** The navigation file's content contract (content/settings/navigation.yml): checked at build time, never shipped. */
import { z } from "zod";
import { ICON_NAMES, MENU_IDS, type Navigation } from "../config/navigation";
import { parseContent } from "./blogSchema";
import { toNavigation } from "./navigation";

const text = (max: number) => z.string().trim().min(1).max(max);

/** A route of this site as the router writes it (lowercase-hyphen segments, trailing slash). */
export const SITE_PATH = /^\/(?:[a-z0-9-]+\/)*$/;
const OUTSIDE_URL = /^https?:\/\/[^\s/]+(?:\/\S*)?$/;

const sitePath = z
  .string()
  .trim()
  .regex(SITE_PATH, "must be a path of this site ending in / (like /use-cases/)");
const linkUrl = z
  .string()
  .trim()
  .refine((value) => SITE_PATH.test(value) || OUTSIDE_URL.test(value), {
    message:
      "must be a path of this site ending in / (like /pricing/) or a full https:// address (or a placeholder such as {docsUrl})",
  });

/** A header menu entry without isLocal, which the address decides. */
export const menuEntrySchema = z.strictObject({
  title: text(60),
  url: linkUrl,
  description: text(80).optional(),
  icon: z.enum(ICON_NAMES).optional(),
  useCasesLink: sitePath.optional(),
  badge: z.number().int().min(0).max(999).optional(),
});

/** A plain link (footer columns). */
export const linkSchema = z.strictObject({ title: text(60), url: linkUrl });

/** A social profile: a link, with an icon where the footer has one. */
export const socialLinkSchema = z.strictObject({
  title: text(40),
  url: linkUrl,
  icon: z.enum(ICON_NAMES).optional(),
});

export const menuSchema = z.strictObject({
  id: z.enum(MENU_IDS),
  title: text(30),
  entries: z.array(menuEntrySchema).min(1),
  groups: z
    .array(z.strictObject({ title: text(30), entries: z.array(menuEntrySchema).min(1) }))
    .optional(),
});

export const navigationSchema = z.strictObject({
  menus: z
    .array(menuSchema)
    .min(1)
    .refine((menus) => new Set(menus.map((menu) => menu.id)).size === menus.length, {
      message: "each menu (developers, platform, resources, demo, industries) may appear once",
    }),
  footerColumns: z
    .array(z.strictObject({ title: text(30), entries: z.array(linkSchema).min(1) }))
    .min(1),
  socialLinks: z.array(socialLinkSchema),
});

export type NavigationContent = z.infer<typeof navigationSchema>;

/** The navigation file's data (placeholders filled) as the header and footer use it; throws naming the file. */
export function parseNavigation(data: unknown, source: string): Navigation {
  return toNavigation(parseContent(navigationSchema, data, source));
}
