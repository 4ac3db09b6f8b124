import { Limits } from '@pc/contracts';
import { Center } from '@mantine/core';
import { useProductName } from './product-name';
import classes from './spinner.module.css';

export type SpinnerSize = keyof typeof Limits.spinnerSizes;

/** The spinner is the product's logo, pulsing (docs/product.md#users); alt text carries the product name. */
export function Spinner({ size = 'default' }: { size?: SpinnerSize }) {
  const name = useProductName();
  const px = Limits.spinnerSizes[size];
  return (
    <img
      src="/logo.svg"
      width={px}
      height={px}
      alt={`${name} is loading`}
      className={classes.spinner}
      data-size={size}
      role="img"
      aria-busy="true"
    />
  );
}

/** Full-area loader used while auth or a route is being resolved. */
export function PageLoader({ size = 'default' }: { size?: SpinnerSize }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Spinner size={size} />
    </Center>
  );
}
