// WordPress for the end-to-end tests of the contact form: the bundled demo catalogue, plus the
// Contact Form 7 feedback endpoint (tests/support/fake-contact-form-7.ts) that the demo lacks.
// `catalogue` is the content it serves, for a test to play editor with.
import { DemoCatalogue, createDemoWordPressApp } from "../../demo";
import { startFakeContactForm7, type FakeContactForm7 } from "./fake-contact-form-7";

export async function startFakeWordPressWithCf7(
  formId: number,
): Promise<FakeContactForm7 & { catalogue: DemoCatalogue }> {
  let publicUrl = "";
  const catalogue = new DemoCatalogue({ scale: 1 });
  const demo = createDemoWordPressApp(catalogue, { publicUrl: () => publicUrl });
  const fake = await startFakeContactForm7({ formId, fallback: (req, res) => demo(req, res) });
  publicUrl = fake.url;
  return Object.assign(fake, { catalogue });
}
