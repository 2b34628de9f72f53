/** Inline SVG icons (no icon font, no network). Decorative unless given a title. */
type Props = { title?: string; size?: number };

/** An icon component drawing these paths (the console's icons are made by it too). */
export function svg(...paths: string[]) {
  return function Icon({ title, size = 20 }: Props) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={title ? undefined : true}
        role={title ? 'img' : undefined}
        focusable="false"
      >
        {title ? <title>{title}</title> : null}
        {paths.map((d, i) => (
          <path key={i} d={d} />
        ))}
      </svg>
    );
  };
}

export const SearchIcon = svg('M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.35-4.35');
export const MenuIcon = svg('M3 6h18M3 12h18M3 18h18');
export const CloseIcon = svg('M18 6 6 18M6 6l12 12');
export const UserIcon = svg('M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z');
export const ArrowLeftIcon = svg('M19 12H5M12 19l-7-7 7-7');
export const ArrowUpIcon = svg('M12 19V5M5 12l7-7 7 7');
export const ArrowDownIcon = svg('M12 5v14M19 12l-7 7-7-7');
export const GridIcon = svg('M3 3h7v7H3zM14 3h7v7h-7zM14 14h7v7h-7zM3 14h7v7H3z');
export const ListIcon = svg('M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01');
export const MailIcon = svg('M4 4h16v16H4zM22 6l-10 7L2 6');
export const StormIcon = svg('M12 2a10 10 0 1 0 10 10M12 8a4 4 0 1 0 4 4M2 12h4M18 12h4');
export const ShareIcon = svg('M4 12v8h16v-8M16 6l-4-4-4 4M12 2v13');
