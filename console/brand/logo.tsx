// The product's logos: the tenant's own when set (SPEC §2 "Tenant-set logos replace the defaults"),
// else Atrium's. Full logo 220x50, small logo 25x25 (SPEC §9). Atrium's mark: a building's open
// atrium seen from the front — two wings under a glass roof, the light falling into the court.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { tenant } from '../state/tenant.ts';

/** The mark in a 32x32 box (also the favicon's drawing). */
function Mark({ gradient }: { gradient: string }) {
  return (
    <>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#A8B1FF" />
          <stop offset="1" stopColor="#5B67E8" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      {/* Glass roof. */}
      <path d="M5 13.5 16 5l11 8.5" fill="none" stroke="#0B1020" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      {/* The two wings, and the light in the court between them. */}
      <path d="M8 15v11h5.5V15M18.5 15v11H24V15" fill="#0B1020" />
      <path d="M14.5 14h3l1.5 12h-6Z" fill="#FFFFFF" opacity="0.85" />
    </>
  );
}

export function Logo({ small = false, className }: { small?: boolean; className?: string }) {
  const { t } = useTranslation();
  const { name, mainLogo, smallLogo } = useSnapshot(tenant);
  const gradient = `atrium-mark-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const src = small ? smallLogo : mainLogo;
  const alt = name || t('app.name');
  const [w, h] = small ? [25, 25] : [220, 50];
  if (src) return <img className={className} src={src} width={w} height={h} alt={alt} data-testid={small ? 'logo-small' : 'logo-full'} />;
  if (small) {
    return (
      <svg className={className} width={w} height={h} viewBox="0 0 32 32" role="img" aria-label={alt} data-testid="logo-small">
        <Mark gradient={gradient} />
      </svg>
    );
  }
  return (
    <svg className={className} width={w} height={h} viewBox="0 0 220 50" role="img" aria-label={alt} data-testid="logo-full">
      <g transform="translate(2 7) scale(1.125)">
        <Mark gradient={gradient} />
      </g>
      <text x="50" y="34" fontSize="24" fontWeight="650" letterSpacing="0.5" fill="currentColor" fontFamily="inherit">
        Atrium
      </text>
    </svg>
  );
}
