/** Console icons: inline SVG, decorative unless given a title (the label beside them names the action). */
import { svg } from '../shared/icons';

export const HomeIcon = svg('M3 10.5 12 3l9 7.5', 'M5 9.5V21h14V9.5', 'M10 21v-6h4v6');
export const FeedIcon = svg('M4 11a9 9 0 0 1 9 9', 'M4 4a16 16 0 0 1 16 16', 'M5 19h.01');
export const DocumentIcon = svg('M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z', 'M14 3v6h6', 'M8 13h8M8 17h5');
export const EditIcon = svg('M12 20h9', 'M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z');
export const CpuIcon = svg('M6 6h12v12H6z', 'M9 9h6v6H9z', 'M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4');
export const FlaskIcon = svg('M9 3h6', 'M10 3v6L4 19a1.5 1.5 0 0 0 1.3 2h13.4A1.5 1.5 0 0 0 20 19l-6-10V3', 'M7 15h10');
export const RadioIcon = svg('M12 12h.01', 'M8.5 15.5a5 5 0 0 1 0-7M15.5 8.5a5 5 0 0 1 0 7', 'M5.6 18.4a9 9 0 0 1 0-12.8M18.4 5.6a9 9 0 0 1 0 12.8');
export const StarIcon = svg('M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z');
export const SyncIcon = svg('M21 12a9 9 0 0 1-15.5 6.2L3 16', 'M3 12a9 9 0 0 1 15.5-6.2L21 8', 'M21 3v5h-5M3 21v-5h5');
export const PulseIcon = svg('M3 12h4l3-8 4 16 3-8h4');
export const ZapIcon = svg('M13 2 4 14h7l-1 8 9-12h-7z');
export const GlobeIcon = svg('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M3 12h18', 'M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18');
export const LayersIcon = svg('M12 3 2 8l10 5 10-5z', 'M2 13l10 5 10-5', 'M2 18l10 5 10-5');
export const MailIcon = svg('M3 5h18v14H3z', 'M3 6l9 7 9-7');
export const BellIcon = svg('M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.9 1.9 0 0 0 3.4 0');
export const ChartIcon = svg('M3 3v18h18', 'M7 15l4-4 3 3 5-6');
export const UsersIcon = svg(
  'M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2',
  'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  'M23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
);
export const SettingsIcon = svg(
  'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
);
export const ChevronLeftIcon = svg('M15 18l-6-6 6-6');
export const ChevronRightIcon = svg('M9 18l6-6-6-6');
export const ChevronUpIcon = svg('M18 15l-6-6-6 6');
export const ChevronDownIcon = svg('M6 9l6 6 6-6');
export const RefreshIcon = svg('M21 12a9 9 0 1 1-3-6.7L21 8', 'M21 3v5h-5');
export const CopyIcon = svg('M9 9h11v11H9z', 'M5 15H4V4h11v1');
export const CheckIcon = svg('M20 6 9 17l-5-5');
export const CloseIcon = svg('M18 6 6 18M6 6l12 12');
export const PlusIcon = svg('M12 5v14M5 12h14');
export const TrashIcon = svg('M3 6h18', 'M8 6V4h8v2', 'M19 6l-1 14H6L5 6');
export const ExternalIcon = svg('M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6', 'M15 3h6v6', 'M10 14 21 3');
export const EyeIcon = svg('M1 12s4-8 11-8 11 8 11 8-4 8-11 8S1 12 1 12z', 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z');
export const PlayIcon = svg('M6 4l14 8-14 8z');
export const PauseIcon = svg('M7 4h3v16H7zM14 4h3v16h-3z');
export const VolumeIcon = svg('M11 5 6 9H2v6h4l5 4z', 'M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14');
export const MuteIcon = svg('M11 5 6 9H2v6h4l5 4z', 'M23 9l-6 6M17 9l6 6');
export const HeartIcon = svg('M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z');
export const BookmarkIcon = svg('M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z');
export const ShareIcon = svg('M4 12v8h16v-8', 'M16 6l-4-4-4 4', 'M12 2v13');
export const TypeIcon = svg('M4 7V4h16v3', 'M9 20h6', 'M12 4v16');
export const SearchIcon = svg('M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.35-4.35');
export const LogOutIcon = svg('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'M16 17l5-5-5-5', 'M21 12H9');
export const MenuIcon = svg('M3 6h18M3 12h18M3 18h18');
export const AlertIcon = svg('M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z', 'M12 9v4M12 17h.01');
export const ClockIcon = svg('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 3');
export const PrinterIcon = svg('M6 9V2h12v7', 'M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2', 'M6 14h12v8H6z');
export const MessageIcon = svg('M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z');
