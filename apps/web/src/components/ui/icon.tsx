import type { SVGProps } from 'react';

interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'path'> {
  /** Path data from ./icons. */
  path: string;
  /** The icon's size in px (MUI's default, 24, unless told). */
  size?: number;
  /** Says what the icon means; without it the icon is decoration, hidden from assistive tech. */
  label?: string;
}

/** A Material icon as inline SVG, coloured by the text colour around it (currentColor). */
export function Icon({ path, size = 24, label, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="currentColor"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      {...props}
    >
      <path d={path} />
    </svg>
  );
}
