// Writes server/auth/common-passwords.txt: the bundled list of passwords the site refuses.
// No download is possible at build time, so the list is generated from well-known weak
// bases (the most common passwords, keyboard walks, words, names and teams found at the top
// of public breach-frequency lists) combined with the suffixes and capitalisations people
// add to reach a length rule. Only entries of 8+ characters are kept (shorter ones already
// fail the 12-character minimum). Re-run with `node scripts/generate-common-passwords.mjs`.
import fs from "node:fs";

const classics = `123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 superman
1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter buster soccer
harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas hockey ranger daniel starwars klaster
112233 george computer michelle jessica pepper 1111 zxcvbn 555555 11111111 131313 freedom 777777 pass maggie
159753 aaaaaa ginger princess joshua cheese amanda summer love ashley 6969 nicole chelsea biteme matthew access
yankees 987654321 dallas austin thunder taylor matrix minecraft welcome admin administrator changeme secret
passw0rd p@ssw0rd p@ssword qwerty123 abc12345 letmein1 welcome1 password1 iloveyou1 monkey1 dragon1 shadow1
master1 sunshine1 princess1 football1 baseball1 superman1 batman1 trustno1 whatever nothing default guest
login root toor test tester testing demo sample user temp temporary office company business meritum payments
payment merchant gilbert arizona phoenix scottsdale mesa tempe chandler desert cactus sundevils diamondbacks
cardinals suns coyotes qwertyuiop asdfghjkl zxcvbnm qazwsxedc 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y zaq12wsx
zaq1zaq1 1qaz2wsx3edc qweasdzxc asdfghjkl; 0987654321 1122334455 123454321 abcdefgh abcdefghijkl
aaaaaaaaaaaa 111111111111 000000000000 123123123123 121212121212 abcabcabcabc qwertyqwerty passwordpassword
iloveyouforever letmeinplease opensesame mypassword yourpassword thepassword newpassword oldpassword
supersecret topsecret verysecret secretpassword adminadmin administrator1 rootroot useruser testtest
welcomehome welcometo helloworld hello123 goodmorning goodbye lovelove loveyou loveme blessed blessing
jesus jesuschrist christ heaven angel angels butterfly flower flowers rainbow purple orange yellow
banana apple chocolate cookie cookies pizza coffee summer2024 winter spring autumn fall january february
march april may june july august september october november december monday friday sunday weekend
football123 basketball soccer123 baseball123 hockey123 golf tennis volleyball softball wrestling
michael1 jennifer1 jessica1 ashley1 amanda1 joshua1 matthew1 daniel1 andrew1 charlie1 thomas1 robert1
william james john david richard joseph christopher anthony mark donald steven paul kevin brian
mary patricia linda barbara elizabeth susan karen nancy lisa betty margaret sandra emily sarah
samantha hannah madison olivia emma sophia isabella abigail ava mia charlotte harper
mercedes ferrari porsche corvette camaro mustang1 chevy toyota honda nissan
pokemon naruto starwars1 harrypotter hogwarts gandalf frodo skywalker jedi vader pikachu
liverpool arsenal chelsea1 manchester barcelona realmadrid juventus yankees1 lakers cowboys
steelers patriots packers eagles broncos raiders 49ers giants redsox cubs
computer1 internet google facebook youtube twitter instagram linkedin microsoft windows apple123
samsung iphone android nintendo playstation xbox gaming gamer
qwerty1 qwerty12 qwerty1234 qwerty12345 asdf1234 zxcv1234 qwer1234 1234qwer 1234abcd abcd1234
a1b2c3d4 a1b2c3d4e5 aa123456 q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 1a2b3c4d !qaz2wsx @wsx3edc
passpass pass1234 pass12345 password12 password123 password1234 password12345 password!
changeit change_me letmein123 welcome123 welcome2024 admin123 admin1234 admin12345 root123
trustno1! iloveyou! sunshine! monkey123 dragon123 shadow123 master123 killer123 hunter2 hunter123`;

const bases = [
  ...new Set(
    classics
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => w.toLowerCase()),
  ),
];
const suffixes = [
  "",
  "1",
  "12",
  "123",
  "1234",
  "12345",
  "123456",
  "1234567",
  "!",
  "!!",
  "1!",
  "123!",
  "@123",
  "#1",
  "01",
  "69",
  "007",
  "2020",
  "2021",
  "2022",
  "2023",
  "2024",
  "2025",
  "2026",
  "2027",
  "!@#",
  "!@#$",
  "@",
  "$",
  "99",
  "00",
];
const out = new Set();
for (const base of bases) {
  for (const suffix of suffixes) {
    for (const word of [base, base + base]) {
      const candidate = word + suffix;
      if (candidate.length >= 8 && candidate.length <= 32) out.add(candidate);
    }
  }
}
// Keyboard and digit runs of every length from 8 to 20.
for (const run of [
  "1234567890123456789012",
  "qwertyuiopasdfghjklzxcvbnm",
  "0987654321098765432109",
  "abcdefghijklmnopqrstuvwxyz",
]) {
  for (let len = 8; len <= 20; len++) out.add(run.slice(0, len));
}
for (const ch of "0123456789abcdefghijklmnopqrstuvwxyz") for (let len = 8; len <= 16; len++) out.add(ch.repeat(len));

const list = [...out].sort();
const header = "# Passwords refused by the site (lower case). Generated by scripts/generate-common-passwords.mjs.\n";
fs.writeFileSync(new URL("../server/auth/common-passwords.txt", import.meta.url), header + list.join("\n") + "\n");
console.log(`${list.length} passwords written`);
