import { messages } from '@shop/shared';
import { useState } from 'react';
import admin from '../../components/admin-page.module.css';
import { PageTitle } from '../../components/page-title';
import { notify } from '../../components/ui/toast';
import { useAddProduct } from '../../features/admin-catalog/api/add-product';
import { ProductForm } from '../../features/admin-catalog/components/product-form';
import { emptyProduct } from '../../features/admin-catalog/schemas';

/**
 * SPEC section 2, Add A Product (admin): SPEC's six fields required, the catalogue's others
 * optional; numbers sent as typed, a price with cents refused (docs/decisions/019).
 */
export default function AddProductPage() {
  const addProduct = useAddProduct();
  // A new form after each product added: empty fields, no rows, no errors.
  const [formKey, setFormKey] = useState(0);

  return (
    <div className={admin.formPage}>
      <PageTitle title="Add A Product" />
      <h1 className={admin.title}>Add A Product</h1>
      <p className={admin.intro}>
        Add a new part to the catalogue. It appears in the shop as soon as it is saved.
      </p>
      <ProductForm
        key={formKey}
        label="Add A Product"
        submitLabel="Add Product"
        defaultValues={emptyProduct}
        save={async (product) => {
          await addProduct.mutateAsync(product);
          notify.success(messages.productAdded);
          setFormKey((key) => key + 1);
        }}
      />
    </div>
  );
}
