import type { NewReview } from '../modules/reviews/service.js';

/**
 * Demo catalogue of a parts manufacturer selling in bulk: believable minimum order quantities,
 * stock and whole-dollar prices per piece. Images are served by the web app itself
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
  },
  {
    name: 'RTX-series 16 GB Workstation Graphics Card',
    img: '/images/products/gpu.svg',
    description:
      'A dual-slot workstation graphics card with 16 GB of GDDR6 ECC memory, 4 DisplayPort 1.4a outputs and a blower cooler that exhausts heat out of the case, so cards can be packed side by side in render nodes, CAD stations and AI inference servers. Certified drivers included.',
    price: 1180,
    minimum: 10,
    available: 420,
  },
  {
    name: 'DDR5-5600 64 GB ECC Registered Memory Kit',
    img: '/images/products/memory.svg',
    description:
      'A kit of two 32 GB DDR5-5600 registered DIMMs with on-die and side-band ECC, thermal sensors and a low-profile heat spreader. Validated on current server platforms at full speed with all channels populated. Sold in boxes of 25 kits, each kit individually tested and serialised.',
    price: 245,
    minimum: 25,
    available: 3800,
  },
  {
    name: '2 TB PCIe 4.0 NVMe M.2 SSD',
    img: '/images/products/ssd.svg',
    description:
      'An M.2 2280 solid-state drive with 2 TB of TLC flash, 7,000 MB/s sequential reads, 1,200 TBW endurance, power-loss protection and hardware AES-256 encryption. A thin graphene heat spreader keeps it cool in laptops and dense 1U servers alike. Five-year warranty.',
    price: 139,
    minimum: 50,
    available: 5200,
  },
  {
    name: 'ATX Business Motherboard with Remote Management',
    img: '/images/products/motherboard.svg',
    description:
      'An ATX motherboard for desktop fleets and small servers: four DDR5 slots up to 192 GB, two PCIe 5.0 x16 slots, three M.2 sockets, dual 2.5 GbE ports and out-of-band remote management. A fixed BIOS baseline for 36 months keeps every machine in a rollout identical.',
    price: 289,
    minimum: 20,
    available: 950,
  },
  {
    name: '850 W 80 PLUS Gold Modular Power Supply',
    img: '/images/products/psu.svg',
    description:
      'A fully modular 850 W ATX 3.1 power supply with 80 PLUS Gold efficiency, a native 12V-2x6 connector, Japanese 105 °C capacitors and a fluid-dynamic-bearing fan that stays silent below 40% load. Protected against over-current, over-voltage and short circuits; ten-year warranty.',
    price: 119,
    minimum: 20,
    available: 2100,
  },
  {
    name: '4U Rackmount Server Chassis',
    img: '/images/products/case.svg',
    description:
      'A 4U, 19-inch steel chassis for E-ATX boards with eight hot-swap 3.5-inch bays, a redundant-PSU cage, five 120 mm fans on a tool-less fan wall, front dust filters and a lockable front panel. Rails included. Ships flat-packed on pallets of 12 to keep freight costs low.',
    price: 349,
    minimum: 12,
    available: 360,
  },
  {
    name: 'Tower CPU Cooler with 120 mm PWM Fan',
    img: '/images/products/cooler.svg',
    description:
      'A single-tower air cooler with six copper heat pipes, a nickel-plated base, a 120 mm PWM fan from 500 to 1,800 rpm and pre-applied thermal paste. Rated for 220 W, it fits current desktop and workstation sockets and stays under 155 mm tall for standard office cases.',
    price: 39,
    minimum: 100,
    available: 7400,
  },
  {
    name: 'Dual-Port 10GbE SFP+ Network Card',
    img: '/images/products/network-card.svg',
    description:
      'A PCIe 3.0 x8 network adapter with two 10 Gigabit SFP+ ports, SR-IOV, VXLAN offload, PXE and iSCSI boot. Supported out of the box by Linux, Windows Server and VMware. Ships with both full-height and low-profile brackets so one part fits towers and 1U servers.',
    price: 169,
    minimum: 20,
    available: 1250,
  },
  {
    name: '16 TB 7200 rpm Enterprise SATA Hard Drive',
    img: '/images/products/hdd.svg',
    description:
      'A 3.5-inch, helium-sealed hard drive with 16 TB capacity, 7200 rpm, 512 MB cache and a 550 TB-per-year workload rating. Rotational vibration sensors keep throughput steady in 24-bay storage servers and NAS appliances. 2.5 million hours MTBF and a five-year warranty.',
    price: 279,
    minimum: 20,
    available: 1800,
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
 * The demo accounts: one admin, one customer. main.ts prints them at start and the README
 * lists them, so anyone can try both sides of the shop. Names are stored uppercased.
 */
export const demoUsers = [
  { name: 'Ada Admin', email: 'admin@partsworks.com', password: 'Admin#2026', admin: true },
  { name: 'Ben Buyer', email: 'buyer@partsworks.com', password: 'Buyer#2026', admin: false },
] as const;
