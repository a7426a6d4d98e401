// If the item is missing: the packer picks a close product, or leaves it out (docs/packing.md). A named
// product is kept as chosen. The cart's lines and checkout's summary both offer it.
import { t } from '@lingui/core/macro';
import type { CartItem } from '../cart-item';
import { useCartStore } from '../store';

export function SubstitutionChoice({ item, disabled = false }: { item: CartItem; disabled?: boolean }) {
  const updateSubstitution = useCartStore((state) => state.updateSubstitution);
  const value = typeof item.substitution === 'string' ? item.substitution : 'product';
  const name = item.name;
  return (
    <label className="cart-line-substitution">
      {t`If missing`}{' '}
      <select value={value} disabled={disabled} aria-label={t`If ${name} is missing`} onChange={(event) => void updateSubstitution(item.id, event.target.value === 'none' ? 'none' : 'similar')}>
        <option value="similar">{t`Similar item`}</option>
        <option value="none">{t`Leave it out`}</option>
        {value === 'product' && <option value="product">{t`The product I chose`}</option>}
      </select>
    </label>
  );
}
