import { COUNTRY_CODES, EU_COUNTRY_CODES, type ShippingMethodInputBody } from '@shop/shared';
import type { NewReview } from '../modules/reviews/service.js';

/**
 * Demo catalogue of a parts manufacturer selling in bulk: believable minimum order quantities,
 * stock and prices per piece in dollars, a few with cents (the cooler). Images are served by the web app itself
 * (apps/web/public/images/products), so the shop works without internet access.
 */
export const demoProducts = [
  {
    name: 'Xeon-class 32-Core Server Processor',
    img: '/images/products/cpu.svg',
    description:
      'A 32-core, 64-thread server processor with 2.8 GHz base and 4.1 GHz boost clocks, 128 MB of L3 cache, eight DDR5-4800 memory channels and 80 PCIe 5.0 lanes. Built for virtualisation hosts, databases and build farms; supplied in trays of ten with a three-year warranty.',
    price: 2150,
    minimum: 10,
    available: 640,
    sku: 'CPU-X32C-28',
    category: 'processors',
    increment: 1,
    maximum: null,
    lowStockThreshold: 100,
    weightKg: 0.12,
    priceTiers: [
      { minQuantity: 50, price: 2050 },
      { minQuantity: 200, price: 1950 },
    ],
    specs: [
      { label: 'Cores / threads', value: '32 / 64' },
      { label: 'Base / boost clock', value: '2.8 / 4.1 GHz' },
      { label: 'L3 cache', value: '128 MB' },
      { label: 'Memory', value: '8 channels DDR5-4800' },
      { label: 'PCIe lanes', value: '80 × PCIe 5.0' },
      { label: 'TDP', value: '280 W' },
      { label: 'Warranty', value: '3 years' },
    ],
  },
  {
    name: 'RTX-series 16 GB Workstation Graphics Card',
    img: '/images/products/gpu.svg',
    description:
      'A dual-slot workstation graphics card with 16 GB of GDDR6 ECC memory, 4 DisplayPort 1.4a outputs and a blower cooler that exhausts heat out of the case, so cards can be packed side by side in render nodes, CAD stations and AI inference servers. Certified drivers included.',
    price: 1180,
    minimum: 10,
    available: 420,
    sku: 'GPU-RTX16-WS',
    category: 'graphics-cards',
    increment: 1,
    maximum: 100,
    lowStockThreshold: 60,
    weightKg: 1.25,
    priceTiers: [
      { minQuantity: 40, price: 1120 },
      { minQuantity: 80, price: 1080 },
    ],
    specs: [
      { label: 'Memory', value: '16 GB GDDR6 ECC' },
      { label: 'Outputs', value: '4 × DisplayPort 1.4a' },
      { label: 'Cooling', value: 'Blower, dual slot' },
      { label: 'Board power', value: '140 W' },
      { label: 'Interface', value: 'PCIe 4.0 x16' },
      { label: 'Warranty', value: '3 years' },
    ],
  },
  {
    name: 'DDR5-5600 64 GB ECC Registered Memory Kit',
    img: '/images/products/memory.svg',
    description:
      'A kit of two 32 GB DDR5-5600 registered DIMMs with on-die and side-band ECC, thermal sensors and a low-profile heat spreader. Validated on current server platforms at full speed with all channels populated. Sold in boxes of 25 kits, each kit individually tested and serialised.',
    price: 245,
    minimum: 25,
    available: 3800,
    sku: 'MEM-D5-64R',
    category: 'memory',
    increment: 25,
    maximum: null,
    lowStockThreshold: 400,
    weightKg: 0.065,
    priceTiers: [
      { minQuantity: 100, price: 235 },
      { minQuantity: 500, price: 222 },
    ],
    specs: [
      { label: 'Capacity', value: '2 × 32 GB' },
      { label: 'Speed', value: 'DDR5-5600' },
      { label: 'Type', value: 'Registered DIMM (RDIMM)' },
      { label: 'Error correction', value: 'On-die and side-band ECC' },
      { label: 'Pack', value: 'Box of 25 kits' },
    ],
  },
  {
    name: '2 TB PCIe 4.0 NVMe M.2 SSD',
    img: '/images/products/ssd.svg',
    description:
      'An M.2 2280 solid-state drive with 2 TB of TLC flash, 7,000 MB/s sequential reads, 1,200 TBW endurance, power-loss protection and hardware AES-256 encryption. A thin graphene heat spreader keeps it cool in laptops and dense 1U servers alike. Five-year warranty.',
    price: 139,
    minimum: 50,
    available: 5200,
    sku: 'SSD-2T-G4',
    category: 'storage',
    increment: 1,
    maximum: null,
    lowStockThreshold: 500,
    weightKg: 0.012,
    priceTiers: [
      { minQuantity: 200, price: 132 },
      { minQuantity: 1000, price: 124 },
    ],
    specs: [
      { label: 'Capacity', value: '2 TB TLC' },
      { label: 'Interface', value: 'PCIe 4.0 x4 NVMe' },
      { label: 'Form factor', value: 'M.2 2280' },
      { label: 'Sequential read', value: '7,000 MB/s' },
      { label: 'Endurance', value: '1,200 TBW' },
      { label: 'Warranty', value: '5 years' },
    ],
  },
  {
    name: 'ATX Business Motherboard with Remote Management',
    img: '/images/products/motherboard.svg',
    description:
      'An ATX motherboard for desktop fleets and small servers: four DDR5 slots up to 192 GB, two PCIe 5.0 x16 slots, three M.2 sockets, dual 2.5 GbE ports and out-of-band remote management. A fixed BIOS baseline for 36 months keeps every machine in a rollout identical.',
    price: 289,
    minimum: 20,
    available: 950,
    sku: 'MB-ATX-RM',
    category: 'motherboards',
    increment: 1,
    maximum: null,
    lowStockThreshold: 100,
    weightKg: 1.1,
    priceTiers: [
      { minQuantity: 100, price: 275 },
      { minQuantity: 250, price: 262 },
    ],
    specs: [
      { label: 'Form factor', value: 'ATX' },
      { label: 'Memory', value: '4 × DDR5, up to 192 GB' },
      { label: 'Expansion', value: '2 × PCIe 5.0 x16' },
      { label: 'Storage', value: '3 × M.2' },
      { label: 'Network', value: '2 × 2.5 GbE' },
      { label: 'Management', value: 'Out-of-band remote management' },
    ],
  },
  {
    name: '850 W 80 PLUS Gold Modular Power Supply',
    img: '/images/products/psu.svg',
    description:
      'A fully modular 850 W ATX 3.1 power supply with 80 PLUS Gold efficiency, a native 12V-2x6 connector, Japanese 105 °C capacitors and a fluid-dynamic-bearing fan that stays silent below 40% load. Protected against over-current, over-voltage and short circuits; ten-year warranty.',
    price: 119,
    minimum: 20,
    available: 2100,
    sku: 'PSU-850-GM',
    category: 'power-supplies',
    increment: 1,
    maximum: null,
    lowStockThreshold: 200,
    weightKg: 2.2,
    priceTiers: [
      { minQuantity: 100, price: 112 },
      { minQuantity: 500, price: 105 },
    ],
    specs: [
      { label: 'Power', value: '850 W' },
      { label: 'Efficiency', value: '80 PLUS Gold' },
      { label: 'Standard', value: 'ATX 3.1, native 12V-2x6' },
      { label: 'Cabling', value: 'Fully modular' },
      { label: 'Warranty', value: '10 years' },
    ],
  },
  {
    name: '4U Rackmount Server Chassis',
    img: '/images/products/case.svg',
    description:
      'A 4U, 19-inch steel chassis for E-ATX boards with eight hot-swap 3.5-inch bays, a redundant-PSU cage, five 120 mm fans on a tool-less fan wall, front dust filters and a lockable front panel. Rails included. Ships flat-packed on pallets of 12 to keep freight costs low.',
    price: 349,
    minimum: 12,
    available: 360,
    sku: 'CHS-4U-RM',
    category: 'cases',
    increment: 1,
    maximum: 120,
    lowStockThreshold: 40,
    weightKg: 18.5,
    priceTiers: [{ minQuantity: 48, price: 329 }],
    specs: [
      { label: 'Height', value: '4U, 19-inch rack' },
      { label: 'Drive bays', value: '8 × 3.5-inch hot-swap' },
      { label: 'Fans', value: '5 × 120 mm, tool-less fan wall' },
      { label: 'Rails', value: 'Included' },
      { label: 'Warranty', value: '3 years' },
    ],
  },
  {
    name: 'Tower CPU Cooler with 120 mm PWM Fan',
    img: '/images/products/cooler.svg',
    description:
      'A single-tower air cooler with six copper heat pipes, a nickel-plated base, a 120 mm PWM fan from 500 to 1,800 rpm and pre-applied thermal paste. Rated for 220 W, it fits current desktop and workstation sockets and stays under 155 mm tall for standard office cases.',
    price: 38.5,
    minimum: 100,
    available: 7400,
    sku: 'CLR-T120-PWM',
    category: 'cooling',
    increment: 50,
    maximum: null,
    lowStockThreshold: 800,
    weightKg: 0.85,
    priceTiers: [
      { minQuantity: 500, price: 35.9 },
      { minQuantity: 2000, price: 32.75 },
    ],
    specs: [
      { label: 'Fan', value: '120 mm PWM, 500 to 1,800 rpm' },
      { label: 'Heat pipes', value: '6, copper' },
      { label: 'Rated for', value: '220 W' },
      { label: 'Height', value: '155 mm' },
      { label: 'Pack', value: 'Carton of 50' },
    ],
  },
  {
    name: 'Dual-Port 10GbE SFP+ Network Card',
    img: '/images/products/network-card.svg',
    description:
      'A PCIe 3.0 x8 network adapter with two 10 Gigabit SFP+ ports, SR-IOV, VXLAN offload, PXE and iSCSI boot. Supported out of the box by Linux, Windows Server and VMware. Ships with both full-height and low-profile brackets so one part fits towers and 1U servers.',
    price: 169,
    minimum: 20,
    available: 1250,
    sku: 'NIC-10G-2SFP',
    category: 'networking',
    increment: 1,
    maximum: null,
    lowStockThreshold: 150,
    weightKg: 0.25,
    priceTiers: [{ minQuantity: 100, price: 159 }],
    specs: [
      { label: 'Ports', value: '2 × SFP+' },
      { label: 'Speed', value: '10 GbE' },
      { label: 'Interface', value: 'PCIe 3.0 x8' },
    ],
  },
  {
    name: '16 TB 7200 rpm Enterprise SATA Hard Drive',
    img: '/images/products/hdd.svg',
    description:
      'A 3.5-inch, helium-sealed hard drive with 16 TB capacity, 7200 rpm, 512 MB cache and a 550 TB-per-year workload rating. Rotational vibration sensors keep throughput steady in 24-bay storage servers and NAS appliances. 2.5 million hours MTBF and a five-year warranty.',
    price: 279,
    minimum: 20,
    available: 1800,
    sku: 'HDD-16T-72E',
    category: 'storage',
    increment: 1,
    maximum: null,
    lowStockThreshold: 200,
    weightKg: 0.67,
    priceTiers: [
      { minQuantity: 100, price: 265 },
      { minQuantity: 500, price: 249 },
    ],
    specs: [
      { label: 'Capacity', value: '16 TB' },
      { label: 'Speed', value: '7,200 rpm' },
      { label: 'Interface', value: 'SATA 6 Gb/s' },
      { label: 'Workload', value: '550 TB a year' },
      { label: 'Warranty', value: '5 years' },
    ],
  },
];

export const demoReviews: NewReview[] = [
  {
    name: 'Maria Jensen',
    email: 'maria.jensen@nordicdatacenters.example',
    rating: 5,
    discription:
      'We equipped two new server halls with the 32-core processors and the ECC memory kits. Every tray arrived on the promised date, serial numbers matched the packing lists, and not a single module failed burn-in. Ordering 400 CPUs has never been this calm.',
  },
  {
    name: 'Daniel Okafor',
    email: 'procurement@lagos-systems.example',
    rating: 4,
    discription:
      'Good prices on NVMe drives at volume and clear minimum order quantities. Shipping to West Africa took a few days longer than quoted, but support kept us informed.',
  },
  {
    name: 'Akiko Tanaka',
    email: 'a.tanaka@kyoto-render.example',
    rating: 5,
    discription:
      'The blower-style graphics cards let us pack four per render node without throttling. Their engineers even helped us tune the fan curves for our racks.',
  },
  {
    name: 'Lucas Moreau',
    email: 'lucas.moreau@atelier-it.example',
    rating: 3,
    discription:
      'The motherboards themselves are excellent and the fixed BIOS baseline saved our rollout. One pallet of chassis came with bent rails, which was replaced, but it cost us a week.',
  },
  {
    name: 'Sarah Whitfield',
    email: 'sarah@whitfield-office.example',
    rating: 5,
    discription:
      'We refresh 300 office desktops a year and buy power supplies, coolers and SSDs here in bulk. Quality is consistent from batch to batch, invoices are clear, and the account team answers within hours. Our failure rate dropped noticeably since we switched.',
  },
  {
    name: 'Rahul Mehta',
    email: 'rahul.mehta@pune-cloudworks.example',
    rating: 4,
    discription:
      'Solid 10GbE cards that just work with our hypervisors. Would love a 25GbE model in the catalogue too.',
  },
];

/**
 * The demo accounts: one admin and three customers, the first of them the demo customer, the
 * other two his colleagues in the demo company. main.ts prints them at start and the README
 * lists them, so anyone can try every side of the shop. Names are stored uppercased.
 */
export const demoUsers = [
  { name: 'Ada Admin', email: 'admin@partsworks.com', password: 'Admin#2026', admin: true },
  { name: 'Ben Buyer', email: 'buyer@partsworks.com', password: 'Buyer#2026', admin: false },
  {
    name: 'Cleo Colleague',
    email: 'colleague@partsworks.com',
    password: 'Colleague#2026',
    admin: false,
  },
  {
    name: 'Alma Approver',
    email: 'approver@partsworks.com',
    password: 'Approver#2026',
    admin: false,
  },
] as const;

/**
 * The demo company, made at the first start with the demo accounts: the demo customer owns it,
 * one colleague buys with a monthly limit (a first order of most parts is below it, a large one
 * waits for approval), the other approves, and the admin has agreed a few contract prices, each
 * between the list price and the lowest volume price.
 */
export const demoCompany = {
  company: {
    name: 'Northwind Systems GmbH',
    taxId: 'DE 812 345 673',
    billingAddress:
      'Northwind Systems GmbH, Accounts Payable, Königstraße 12, 70173 Stuttgart, Germany',
    shippingAddress:
      'Northwind Systems GmbH, Goods In, Gate 3, Industriestraße 48, 70565 Stuttgart, Germany',
  },
  owner: 'buyer@partsworks.com',
  members: [
    { email: 'colleague@partsworks.com', role: 'buyer', spendingLimit: 10000 },
    { email: 'approver@partsworks.com', role: 'approver', spendingLimit: null },
  ],
  /**
   * Ship-to locations (issue 29): the company's text shipping address as the first, structured,
   * then its Munich lab and its US assembly plant.
   */
  locations: [
    {
      name: 'Stuttgart goods in',
      address: {
        name: 'Goods In, Gate 3',
        company: 'Northwind Systems GmbH',
        line1: 'Industriestraße 48',
        city: 'Stuttgart',
        postalCode: '70565',
        country: 'DE',
      },
    },
    {
      name: 'Munich lab',
      address: {
        name: 'Dr. Lena Vogt',
        company: 'Northwind Systems GmbH',
        line1: 'Leopoldstraße 244',
        line2: '3. OG',
        city: 'München',
        postalCode: '80807',
        country: 'DE',
      },
    },
    {
      name: 'Austin assembly plant',
      address: {
        name: 'Receiving',
        company: 'Northwind Systems Inc.',
        line1: '9600 Great Hills Trail',
        line2: 'Building C',
        city: 'Austin',
        region: 'TX',
        postalCode: '78759',
        country: 'US',
      },
    },
  ],
  /** Unit prices by part number, in dollars. */
  prices: [
    { sku: 'MEM-D5-64R', price: 229 },
    { sku: 'SSD-2T-G4', price: 129 },
    { sku: 'NIC-10G-2SFP', price: 162 },
  ],
  /** Pay on account (issue 30): Net 30 against a $50,000 credit line, set by the admin. */
  terms: { paymentTerms: 'net30', creditLimit: 50000, onHold: false },
  /**
   * Invoices on account (issue 30): the approver, who buys within no limit, bought these on
   * account, shipped to the Stuttgart goods in; the company paid the first by bank transfer.
   */
  accountPurchases: [
    { sku: 'SSD-2T-G4', quantity: 50, poNumber: 'NW-PO-4410' },
    { sku: 'MEM-D5-64R', quantity: 25, poNumber: 'NW-PO-4418' },
    { sku: 'NIC-10G-2SFP', quantity: 20, poNumber: 'NW-PO-4425' },
  ],
  buyerOnAccount: 'approver@partsworks.com',
  transfer: { reference: 'SEPA NW-2026-118', paysFirst: 1 },
  /**
   * Quotes (issue 31), asked for by the owner for the Stuttgart goods in and offered by the admin:
   * the first still open, the second accepted on account.
   */
  quotes: [
    {
      lines: [
        { sku: 'GPU-RTX16-WS', quantity: 40, targetPrice: 1020 },
        { sku: 'CPU-X32C-28', quantity: 20, targetPrice: 1880 },
      ],
      message: 'Render farm for the Q3 product launch: 20 nodes with two GPUs each.',
      offer: [
        { sku: 'GPU-RTX16-WS', unitPrice: 1045 },
        { sku: 'CPU-X32C-28', unitPrice: 1915 },
      ],
      validDays: 21,
      note: 'Prices held for this project; the GPUs ship in two lots four weeks apart.',
      accept: false,
    },
    {
      lines: [
        { sku: 'CHS-4U-RM', quantity: 24, targetPrice: 310 },
        { sku: 'PSU-850-GM', quantity: 40, targetPrice: 105 },
      ],
      message: 'Rack refresh in Stuttgart: chassis and power supplies, one delivery.',
      offer: [
        { sku: 'CHS-4U-RM', unitPrice: 319 },
        { sku: 'PSU-850-GM', unitPrice: 108 },
      ],
      validDays: 14,
      note: 'Delivered on one pallet.',
      accept: true,
    },
  ],
} as const;

/** Every country but those named: a carrier's international service from the US or Germany. */
const except = (...codes: string[]) => COUNTRY_CODES.filter((code) => !codes.includes(code));

/**
 * Demo shipping methods (decision 036): ground parcels in the US (UPS) and in Germany and the EU
 * (DHL Paket), express (UPS Next Day Air, FedEx International Priority), and the air and sea
 * freight the FAQ promises, for pallets and containers. Prices in dollars, in the carriers' usual
 * weight steps (UPS takes parcels up to 68 kg, DHL Paket up to 31.5 kg); freight charges a
 * minimum weight, so a small parcel never picks it as the cheapest.
 */
export const demoShippingMethods: ShippingMethodInputBody[] = [
  {
    name: 'UPS Ground',
    carrier: 'UPS',
    countries: ['US'],
    weightBands: [
      { upToKg: 2, price: 11.5 },
      { upToKg: 5, price: 14.9 },
      { upToKg: 10, price: 19.9 },
      { upToKg: 30, price: 34.9 },
      { upToKg: 68, price: 79 },
    ],
    freeAbove: 2500,
    daysMin: 1,
    daysMax: 5,
    sortOrder: 10,
  },
  {
    name: 'UPS Next Day Air',
    carrier: 'UPS',
    countries: ['US'],
    weightBands: [
      { upToKg: 2, price: 39.9 },
      { upToKg: 10, price: 69.9 },
      { upToKg: 30, price: 129 },
      { upToKg: 68, price: 249 },
    ],
    daysMin: 1,
    daysMax: 1,
    sortOrder: 20,
  },
  {
    name: 'DHL Paket',
    carrier: 'DHL',
    countries: ['DE'],
    weightBands: [
      { upToKg: 2, price: 7.5 },
      { upToKg: 5, price: 9.9 },
      { upToKg: 10, price: 12.9 },
      { upToKg: 31.5, price: 19.9 },
    ],
    freeAbove: 500,
    daysMin: 1,
    daysMax: 3,
    sortOrder: 30,
  },
  {
    name: 'DHL Paket International',
    carrier: 'DHL',
    countries: EU_COUNTRY_CODES.filter((code) => code !== 'DE'),
    weightBands: [
      { upToKg: 2, price: 18.9 },
      { upToKg: 5, price: 26.9 },
      { upToKg: 10, price: 36.9 },
      { upToKg: 31.5, price: 59.9 },
    ],
    freeAbove: 1500,
    daysMin: 3,
    daysMax: 6,
    sortOrder: 40,
  },
  {
    name: 'FedEx International Priority',
    carrier: 'FedEx',
    countries: except('US'),
    weightBands: [
      { upToKg: 1, price: 79 },
      { upToKg: 5, price: 149 },
      { upToKg: 10, price: 219 },
      { upToKg: 30, price: 449 },
      { upToKg: 68, price: 899 },
    ],
    daysMin: 1,
    daysMax: 3,
    sortOrder: 50,
  },
  {
    name: 'Air Freight',
    carrier: 'DB Schenker',
    countries: [...COUNTRY_CODES],
    weightBands: [
      { upToKg: 100, price: 480 },
      { upToKg: 300, price: 1200 },
      { upToKg: 1000, price: 3600 },
      { upToKg: 5000, price: 16500 },
    ],
    daysMin: 3,
    daysMax: 7,
    sortOrder: 60,
  },
  {
    name: 'Sea Freight (LCL)',
    carrier: 'Maersk',
    countries: except('US'),
    weightBands: [
      { upToKg: 500, price: 850 },
      { upToKg: 2000, price: 1900 },
      { upToKg: 10000, price: 5800 },
      { upToKg: 26000, price: 11500 },
    ],
    daysMin: 20,
    daysMax: 35,
    sortOrder: 70,
  },
];
