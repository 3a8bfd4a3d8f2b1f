// The product's logos: the tenant's own when set (SPEC §2 "Tenant-set logos replace the defaults"),
// else Atrium's. Full logo 220x50, small logo 25x25 (SPEC §9).
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { tenant } from '../state/tenant.ts';

export function Logo({ small = false, className }: { small?: boolean; className?: string }) {
  const { t } = useTranslation();
  const { name, mainLogo, smallLogo } = useSnapshot(tenant);
  const src = small ? smallLogo : mainLogo;
  const alt = name || t('app.name');
  const [w, h] = small ? [25, 25] : [220, 50];
  if (src) return <img className={className} src={src} width={w} height={h} alt={alt} data-testid={small ? 'logo-small' : 'logo-full'} />;
  return (
    <svg className={className} width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={alt} data-testid={small ? 'logo-small' : 'logo-full'}>
      <rect width={small ? 25 : 40} height={small ? 25 : 40} y={small ? 0 : 5} rx="6" fill="currentColor" opacity="0.9" />
      <path d={small ? 'M6 19 12.5 6 19 19Z' : 'M10 36 20 13 30 36Z'} fill="none" stroke="white" strokeWidth="2.5" strokeLinejoin="round" />
      {small ? null : (
        <text x="52" y="33" fontSize="22" fontWeight="600" fill="currentColor" fontFamily="inherit">
          Atrium
        </text>
      )}
    </svg>
  );
}
