import hashlib, hmac, struct

def stream(seed: bytes, source: str, issue: str):
    block = 0
    while True:
        digest = hmac.new(seed, f"{source}:{issue}:{block}".encode(), hashlib.sha256).digest()
        for i in range(0, 32, 4):
            yield struct.unpack(">I", digest[i:i + 4])[0]
        block += 1

def uniform(words, n):
    limit = (2**32 // n) * n
    for x in words:
        if x < limit:
            return x % n

def shuffle(words, items):
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = uniform(words, i + 1)
        items[i], items[j] = items[j], items[i]
    return items

def pick(words, m, n):
    return sorted(shuffle(words, range(1, n + 1))[:m])

seed = hashlib.sha256(b"fairhall test vector").digest()
issue = "202611220001"
w = stream(seed, "k3", issue); print("k3", [uniform(w, 6) + 1 for _ in range(3)])
w = stream(seed, "pk10", issue); print("pk10", shuffle(w, range(1, 11)))
w = stream(seed, "ssc", issue); print("ssc", [uniform(w, 10) for _ in range(5)])
w = stream(seed, "rgb1", issue); print("rgb1", uniform(w, 10))
for region in ["china", "canada"]:
    k = pick(stream(seed, region, issue), 20, 80)
    if region == "china":
        abc = [sum(k[0:6]) % 10, sum(k[6:12]) % 10, sum(k[12:18]) % 10]
    else:
        abc = [sum(k[1:18:3]) % 10, sum(k[2:18:3]) % 10, sum(k[3:19:3]) % 10]
    print(region, k, abc)
n = pick(stream(seed, "usa", issue), 6, 80)
print("usa", n, [(n[0] + n[5]) % 10, (n[1] + n[3]) % 10, (n[2] + n[4]) % 10])
