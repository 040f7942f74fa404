-- Places (issue 13 point 7, ADR 113): the gazetteer place search reads. Curated freight hubs and major cities
-- come with this migration; the GeoNames postal rows for India (one LOCALITY per post office, one CITY per
-- district) are imported in the background after the server is up (gazetteer_imports tracks that).
CREATE TABLE gazetteer (
  id text PRIMARY KEY,
  name text NOT NULL,
  -- lowercased name in byte order ("C"): a LIKE 'prefix%' is an index range and ORDER BY follows the index
  name_lower text COLLATE "C" NOT NULL,
  city text NOT NULL,
  city_lower text COLLATE "C" GENERATED ALWAYS AS (lower(city)) STORED,
  state text NOT NULL,
  pin text COLLATE "C",
  address text NOT NULL,
  address_type text NOT NULL CHECK (address_type IN ('CITY', 'LOCALITY', 'INDUSTRIAL_AREA', 'WAREHOUSE', 'PORT', 'MANDI', 'PLANT')),
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  -- 0 curated major city, 1 curated freight hub, 2 district (postal data), 3 post-office locality
  rank smallint NOT NULL CHECK (rank BETWEEN 0 AND 3)
);
CREATE INDEX gazetteer_rank_name ON gazetteer (rank, name_lower);
CREATE INDEX gazetteer_pin ON gazetteer (pin, rank, name_lower) WHERE pin IS NOT NULL;

CREATE TABLE gazetteer_imports (
  source text PRIMARY KEY,
  -- data lines of the source file already imported (the import resumes here)
  next_line integer NOT NULL DEFAULT 0,
  total_lines integer,
  started_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);

INSERT INTO gazetteer (id, name, name_lower, city, state, pin, address, address_type, lat, lng, rank) VALUES
  ('PL001', 'Jaipur', 'jaipur', 'Jaipur', 'Rajasthan', NULL, 'Jaipur, Rajasthan', 'CITY', 26.9124, 75.7873, 0),
  ('PL002', 'Delhi', 'delhi', 'Delhi', 'Delhi', NULL, 'Delhi, Delhi', 'CITY', 28.7041, 77.1025, 0),
  ('PL003', 'Mumbai', 'mumbai', 'Mumbai', 'Maharashtra', NULL, 'Mumbai, Maharashtra', 'CITY', 19.076, 72.8777, 0),
  ('PL004', 'Pune', 'pune', 'Pune', 'Maharashtra', NULL, 'Pune, Maharashtra', 'CITY', 18.5204, 73.8567, 0),
  ('PL005', 'Ahmedabad', 'ahmedabad', 'Ahmedabad', 'Gujarat', NULL, 'Ahmedabad, Gujarat', 'CITY', 23.0225, 72.5714, 0),
  ('PL006', 'Ludhiana', 'ludhiana', 'Ludhiana', 'Punjab', NULL, 'Ludhiana, Punjab', 'CITY', 30.901, 75.8573, 0),
  ('PL007', 'Nagpur', 'nagpur', 'Nagpur', 'Maharashtra', NULL, 'Nagpur, Maharashtra', 'CITY', 21.1458, 79.0882, 0),
  ('PL008', 'Indore', 'indore', 'Indore', 'Madhya Pradesh', NULL, 'Indore, Madhya Pradesh', 'CITY', 22.7196, 75.8577, 0),
  ('PL009', 'Kolkata', 'kolkata', 'Kolkata', 'West Bengal', NULL, 'Kolkata, West Bengal', 'CITY', 22.5726, 88.3639, 0),
  ('PL010', 'Chennai', 'chennai', 'Chennai', 'Tamil Nadu', NULL, 'Chennai, Tamil Nadu', 'CITY', 13.0827, 80.2707, 0),
  ('PL011', 'Bengaluru', 'bengaluru', 'Bengaluru', 'Karnataka', NULL, 'Bengaluru, Karnataka', 'CITY', 12.9716, 77.5946, 0),
  ('PL012', 'Hyderabad', 'hyderabad', 'Hyderabad', 'Telangana', NULL, 'Hyderabad, Telangana', 'CITY', 17.385, 78.4867, 0),
  ('PL013', 'Surat', 'surat', 'Surat', 'Gujarat', NULL, 'Surat, Gujarat', 'CITY', 21.1702, 72.8311, 0),
  ('PL014', 'Lucknow', 'lucknow', 'Lucknow', 'Uttar Pradesh', NULL, 'Lucknow, Uttar Pradesh', 'CITY', 26.8467, 80.9462, 0),
  ('PL015', 'Kanpur', 'kanpur', 'Kanpur', 'Uttar Pradesh', NULL, 'Kanpur, Uttar Pradesh', 'CITY', 26.4499, 80.3319, 0),
  ('PL016', 'Raipur', 'raipur', 'Raipur', 'Chhattisgarh', NULL, 'Raipur, Chhattisgarh', 'CITY', 21.2514, 81.6296, 0),
  ('PL017', 'Coimbatore', 'coimbatore', 'Coimbatore', 'Tamil Nadu', NULL, 'Coimbatore, Tamil Nadu', 'CITY', 11.0168, 76.9558, 0),
  ('PL018', 'Visakhapatnam', 'visakhapatnam', 'Visakhapatnam', 'Andhra Pradesh', NULL, 'Visakhapatnam, Andhra Pradesh', 'CITY', 17.6868, 83.2185, 0),
  ('PL019', 'Sitapura Industrial Area', 'sitapura industrial area', 'Jaipur', 'Rajasthan', '302022', 'Sitapura, Tonk Road, Jaipur 302022', 'INDUSTRIAL_AREA', 26.7843, 75.8236, 1),
  ('PL020', 'VKI Area Road No. 14', 'vki area road no. 14', 'Jaipur', 'Rajasthan', '302013', 'Vishwakarma Industrial Area, Jaipur 302013', 'INDUSTRIAL_AREA', 26.9706, 75.7707, 1),
  ('PL021', 'Okhla Industrial Area Phase II', 'okhla industrial area phase ii', 'Delhi', 'Delhi', '110020', 'Okhla Phase II, New Delhi 110020', 'INDUSTRIAL_AREA', 28.5355, 77.2739, 1),
  ('PL022', 'Bawana Industrial Area', 'bawana industrial area', 'Delhi', 'Delhi', '110039', 'Sector 3, Bawana, Delhi 110039', 'INDUSTRIAL_AREA', 28.7955, 77.0424, 1),
  ('PL023', 'Bhiwandi Warehousing Hub', 'bhiwandi warehousing hub', 'Mumbai', 'Maharashtra', '421302', 'Vadape, Bhiwandi, Thane 421302', 'WAREHOUSE', 19.2813, 73.0483, 1),
  ('PL024', 'JNPT Nhava Sheva Port', 'jnpt nhava sheva port', 'Mumbai', 'Maharashtra', '400707', 'Jawaharlal Nehru Port, Navi Mumbai 400707', 'PORT', 18.9498, 72.9512, 1),
  ('PL025', 'Chakan MIDC', 'chakan midc', 'Pune', 'Maharashtra', '410501', 'Chakan MIDC Phase II, Pune 410501', 'INDUSTRIAL_AREA', 18.7606, 73.8636, 1),
  ('PL026', 'Ranjangaon MIDC', 'ranjangaon midc', 'Pune', 'Maharashtra', '412220', 'Ranjangaon Ganpati, Pune 412220', 'INDUSTRIAL_AREA', 18.7573, 74.2391, 1),
  ('PL027', 'Changodar Industrial Estate', 'changodar industrial estate', 'Ahmedabad', 'Gujarat', '382213', 'Changodar, Ahmedabad 382213', 'INDUSTRIAL_AREA', 22.9296, 72.4425, 1),
  ('PL028', 'Mundra Port', 'mundra port', 'Mundra', 'Gujarat', '370421', 'Adani Ports, Mundra, Kutch 370421', 'PORT', 22.8395, 69.7216, 1),
  ('PL029', 'Focal Point Phase VIII', 'focal point phase viii', 'Ludhiana', 'Punjab', '141010', 'Focal Point, Ludhiana 141010', 'INDUSTRIAL_AREA', 30.8786, 75.9252, 1),
  ('PL030', 'Khanna Grain Mandi', 'khanna grain mandi', 'Khanna', 'Punjab', '141401', 'New Grain Market, Khanna 141401', 'MANDI', 30.7057, 76.2219, 1),
  ('PL031', 'Butibori MIDC', 'butibori midc', 'Nagpur', 'Maharashtra', '441122', 'Butibori, Nagpur 441122', 'INDUSTRIAL_AREA', 20.9396, 79.0071, 1),
  ('PL032', 'Kalamna Market Yard', 'kalamna market yard', 'Nagpur', 'Maharashtra', '440035', 'Kalamna, Nagpur 440035', 'MANDI', 21.1689, 79.1432, 1),
  ('PL033', 'Pithampur Sector 3', 'pithampur sector 3', 'Indore', 'Madhya Pradesh', '454775', 'Pithampur, Dhar 454775', 'INDUSTRIAL_AREA', 22.6118, 75.6825, 1),
  ('PL034', 'Dankuni Logistics Park', 'dankuni logistics park', 'Kolkata', 'West Bengal', '712311', 'Dankuni, Hooghly 712311', 'WAREHOUSE', 22.6767, 88.2918, 1),
  ('PL035', 'Kolkata Dock System', 'kolkata dock system', 'Kolkata', 'West Bengal', '700043', 'Kidderpore, Kolkata 700043', 'PORT', 22.5445, 88.3106, 1),
  ('PL036', 'Sriperumbudur SIPCOT', 'sriperumbudur sipcot', 'Chennai', 'Tamil Nadu', '602105', 'SIPCOT, Sriperumbudur 602105', 'INDUSTRIAL_AREA', 12.9674, 79.9419, 1),
  ('PL037', 'Chennai Port', 'chennai port', 'Chennai', 'Tamil Nadu', '600001', 'Rajaji Salai, Chennai 600001', 'PORT', 13.0958, 80.2921, 1),
  ('PL038', 'Peenya Industrial Area', 'peenya industrial area', 'Bengaluru', 'Karnataka', '560058', 'Peenya 2nd Stage, Bengaluru 560058', 'INDUSTRIAL_AREA', 13.0285, 77.5197, 1),
  ('PL039', 'Hoskote Warehousing Cluster', 'hoskote warehousing cluster', 'Bengaluru', 'Karnataka', '562114', 'Hoskote, Bengaluru Rural 562114', 'WAREHOUSE', 13.0707, 77.7982, 1),
  ('PL040', 'Patancheru Industrial Area', 'patancheru industrial area', 'Hyderabad', 'Telangana', '502319', 'Patancheru, Sangareddy 502319', 'INDUSTRIAL_AREA', 17.5326, 78.2645, 1),
  ('PL041', 'Medchal Logistics Hub', 'medchal logistics hub', 'Hyderabad', 'Telangana', '501401', 'Medchal, Hyderabad 501401', 'WAREHOUSE', 17.6297, 78.4814, 1),
  ('PL042', 'UltraTech Cement Plant, Kotputli', 'ultratech cement plant, kotputli', 'Kotputli', 'Rajasthan', '303108', 'Mohanpura, Kotputli 303108', 'PLANT', 27.7025, 76.1999, 1),
  ('PL043', 'Shree Cement Plant, Beawar', 'shree cement plant, beawar', 'Beawar', 'Rajasthan', '305901', 'Bangur Nagar, Beawar 305901', 'PLANT', 26.1011, 74.3203, 1),
  ('PL044', 'Tata Steel Plant, Jamshedpur', 'tata steel plant, jamshedpur', 'Jamshedpur', 'Jharkhand', '831001', 'Bistupur, Jamshedpur 831001', 'PLANT', 22.7868, 86.1859, 1),
  ('PL045', 'Azadpur Mandi', 'azadpur mandi', 'Delhi', 'Delhi', '110033', 'Azadpur, Delhi 110033', 'MANDI', 28.7087, 77.1762, 1),
  ('PL046', 'Vashi APMC Market', 'vashi apmc market', 'Mumbai', 'Maharashtra', '400703', 'Sector 19, Vashi, Navi Mumbai 400703', 'MANDI', 19.0771, 73.0032, 1);
