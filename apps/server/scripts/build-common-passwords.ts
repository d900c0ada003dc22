// Regenerates src/services/members/common-passwords.txt: `node apps/server/scripts/build-common-passwords.ts`.
// The list is what registration and password changes refuse (NIST SP 800-63B: check new
// passwords against values known to be commonly used or compromised). It is written from the
// well-known public rankings of leaked passwords (RockYou, the NCSC top 100k, SecLists, the CSDN
// and Tianya leaks, yearly "worst passwords" lists), then widened with the variants people reach
// for when told "at least 8 characters": a common word plus digits, years, doubled words, keyboard
// walks. Only 8–64 characters matter: anything shorter is refused for its length already.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** Verbatim entries of the rankings, roughly in rank order. */
const RANKED = `
123456789 12345678 password 1234567890 qwertyuiop 11111111 iloveyou 00000000 1q2w3e4r
1qaz2wsx 88888888 password1 123123123 qwerty123 abc12345 12341234 zxcvbnm123 a1234567
abcd1234 1q2w3e4r5t 123456789a 987654321 qwertyui asdfghjkl 11223344 123qweasd 66666666
password123 a12345678 aa123456 1234qwer qwer1234 12344321 147258369 5201314520 woaini1314
qq123456 asd123456 123456abc 12345678a princess1 sunshine1 iloveyou1 football1 baseball1
superman trustno1 starwars whatever computer michelle jennifer internet passw0rd p@ssw0rd
p@ssword password12 password1234 welcome1 welcome123 letmein1 letmein123 monkey123 dragon123
qazwsxedc 1qazxsw2 zaq12wsx zaq1xsw2 1qaz2wsx3edc qwe123456 qweasdzxc qweasd123 asdf1234
asdfasdf asdfghjk zxcvbnm1 zxcvbnmm q1w2e3r4 q1w2e3r4t5 1a2b3c4d a1b2c3d4 aaaaaaaa
abcdefgh abcdefg1 abcdefg123 abc123456 abc123abc 123abc123 11112222 12121212 13131313
99999999 77777777 55555555 44444444 33333333 22222222 123456123 1234512345 123321123
789456123 741852963 159357456 159753456 963852741 321654987 147852369 123654789 258369147
1314520520 5201314 52013145 520520520 woaini520 woaini123 iloveyou520 5211314 1314521
wangyang woaini1234 woainima woaiwojia zhang123 wang1234 li123456 chen1234 liu123456
yang1234 huang123 zhao1234 zhou1234 wu123456 xu123456 sun12345 hu123456 zhu12345 gao12345
lin12345 he123456 guo12345 ma123456 luo12345 liang123 song1234 zheng123 xie12345 han12345
tang1234 feng1234 yu123456 dong1234 xiao1234 cheng123 cao12345 yuan1234 deng1234 xu1234567
fu123456 shen1234 zeng1234 peng1234 lu123456 su123456 jiang123 cai12345 jia12345 ding1234
wei12345 xue12345 ye123456 yan12345 pan12345 du123456 dai12345 xia12345 zhong123 tian1234
ren12345 fan12345 fang1234 shi12345 yao12345 tan12345 liao1234 zou12345 xiong123 jin12345
lu1234567 hao12345 kong1234 bai12345 cui12345 kang1234 mao12345 qiu12345 qin12345 jiang1234
football baseball basketball soccer123 hockey123 jordan23 michael1 michael123 jessica1
charlie1 charlie123 thomas123 hunter123 shadow123 master123 killer123 batman123 pepper123
ginger123 buster123 daniel123 andrew123 joshua123 matthew1 william1 anthony1 jordan123
summer123 maggie123 sophie123 chelsea1 arsenal1 liverpool liverpool1 manchester iloveu123
loveyou1 lovely123 love1234 lovelove 1loveyou ilovegod ilovehim iloveher iloveme1 fuckyou1
fuckoff1 asshole1 whatever1 changeme changeme1 default1 qwerty12 qwerty1234 qwertyu1
welcome letmein! 123456789q q123456789 zxc123456 zxcv1234 asdf123456 asdqwe123 qwe123qwe
1234abcd 1234asdf abcd12345 aa12345678 a123456789 a123123123 abc123456789 qq1234567
qq12345678 w123456789 z123456789 woaini11 woaini12 woaini521 woshishui 5201314a iloveyou2
1234567a 12345678q 1234567q 12345qwert 123456qwe qwe12345 qwer123456 1q2w3e4r5t6y
1qaz@wsx 1qaz!qaz !qaz2wsx 1q2w3e 1q2w3e4r! 1q2w3e4r5 1qaz1qaz 2wsx3edc 3edc4rfv 4rfv5tgb
admin123 admin1234 admin12345 administrator root1234 root123456 test1234 test12345
test123456 testtest guest123 user1234 demo1234 oracle123 mysql123 system123 server123
temp1234 temppass passpass pass1234 pass12345 pass123456 passwd123 secret12 secret123
mypassword mypass123 newpass1 newpassword nopassword password! password@ password#
password2 password3 password7 password8 password9 password01 password11 password99
password2020 password2021 password2022 password2023 password2024 password2025 password2026
qazwsx123 qazwsxedc123 qwertyuiop123 asdfghjkl123 zxcvbnm12 zxcvbnmasd 1234567890q
0987654321 09876543 98765432 87654321 76543210 01234567 012345678 0123456789 135792468
24682468 13579135 2468024680 1357913579 10203040 11235813 31415926 3141592653 27182818
19491001 19871987 19881988 19891989 19901990 19911991 19921992 19931993 19941994 19951995
19961996 19971997 19981998 19991999 20002000 20012001 20082008 20102010 20202020 12301230
iloveyou! iloveyou123 iloveyou12 sunshine superman1 princess starwars1 pokemon1 pokemon123
minecraft minecraft1 fortnite1 roblox123 naruto123 dragonball blink182 metallica slipknot
nirvana1 eminem123 beyonce1 justinbieber onedirection harrypotter hellokitty snoopy123
mickeymouse spiderman spiderman1 batman1 ironman1 starwars123 goldfish chocolate chocolate1
butterfly butterfly1 sunflower strawberry pineapple blueberry cupcake1 cookie123 cheese123
banana123 apple123 orange123 password0 qwerty11 qwerty01 1234qwerasdf asdfjkl; qwertyuiop[]
1qaz2wsx3edc4rfv qwerasdfzxcv q1w2e3r4t5y6 zaq!2wsx !@#$%^&* !@#$%^&*() !q@w#e$r
`;

/** Words people build passwords from (English, pinyin, names, teams, places, brands). */
const WORDS = `
password passw0rd pass secret admin welcome letmein login master monkey dragon shadow
sunshine princess football baseball soccer hockey tennis golf killer hunter ranger
batman superman spiderman ironman pokemon naruto charlie michael jordan jennifer jessica
ashley daniel andrew joshua thomas robert william richard david james john michelle
nicole amanda melissa sarah hannah taylor samantha elizabeth lauren rachel maggie sophie
buster pepper ginger tigger coffee cookie cheese banana apple orange lemon cherry
flower summer winter spring autumn purple yellow silver golden diamond crystal angel
love lover loveme iloveyou freedom liberty justice family friend friends forever
computer internet google facebook yahoo hotmail microsoft windows samsung iphone
nokia huawei xiaomi android apple mercedes porsche ferrari toyota honda nissan
liverpool chelsea arsenal barcelona madrid juventus milan lakers yankees cowboys
china beijing shanghai guangzhou shenzhen hongkong macau taiwan taipei tianjin
chongqing wuhan chengdu nanjing hangzhou xiamen dalian qingdao
woaini aini wangyang zhangwei wangwei liwei liuwei zhangmin lijing wangfang
zhangli wanglei zhangjie liyang wangjun xiaoming xiaohong laopo laogong baobao
beibei tiantian yueyue lele huanhuan dandan jingjing lili nana xiaoxiao
qwerty asdfgh zxcvbn qazwsx abcdef abcabc
tiger lion eagle falcon wolf bear panda monkey rabbit horse
lucky happy smile hello hellokitty kitty puppy doggy kitten
money rich boss king queen prince star sky ocean river
`;

const SUFFIXES = [
  '',
  '1',
  '12',
  '123',
  '1234',
  '12345',
  '123456',
  '!',
  '01',
  '11',
  '88',
  '99',
  '520',
  '666',
  '888',
  '1314',
  '2020',
  '2023',
  '2024',
  '2025',
  '2026',
];

const out = new Set<string>();
const add = (p: string) => {
  const v = p.trim().toLowerCase();
  if (v.length >= 8 && v.length <= 64) out.add(v);
};

for (const p of RANKED.split(/\s+/)) add(p);

// Repeated characters and simple runs, the commonest 8+ character forms of all.
for (const c of '0123456789abcdefghijklmnopqrstuvwxyz') {
  for (let n = 8; n <= 12; n++) add(c.repeat(n));
}
const RUNS = ['0123456789012345', '1234567890123456', '9876543210987654', 'abcdefghijklmnop'];
for (const run of RUNS) for (let n = 8; n <= 12; n++) add(run.slice(0, n));
for (const pair of ['12', '21', '01', '10', 'ab', 'xy', 'qw', 'ha', 'la']) add(pair.repeat(4));
for (const triple of ['123', '321', '789', '147', '258', '369', 'abc', 'qwe', 'asd', 'zxc']) {
  add(triple.repeat(3));
  add(triple.repeat(4));
}
const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890', '1qaz2wsx3edc4rfv5tgb'];
for (const row of ROWS) for (let n = 8; n <= row.length; n++) add(row.slice(0, n));

// Birth dates (yyyymmdd) are too many to list; the doubled years are the ones in the rankings.
for (let y = 1960; y <= 2026; y++) {
  add(`${y}${y}`);
}

const words = [...new Set(WORDS.split(/\s+/).filter(Boolean))];
for (const w of words) {
  for (const suf of SUFFIXES) add(`${w}${suf}`);
  add(w + w);
  add(w.replace(/a/g, '@').replace(/o/g, '0').replace(/e/g, '3') + '123');
  add(w.replace(/o/g, '0') + '1');
}

const file = path.resolve(import.meta.dirname, '../src/services/members/common-passwords.txt');
writeFileSync(
  file,
  `# Refused passwords, lower case, one per line; regenerate with scripts/build-common-passwords.ts\n${[...out].join('\n')}\n`,
);
console.log(`${out.size} passwords written to ${path.relative(process.cwd(), file)}`);
