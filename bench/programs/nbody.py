# The n-body simulation of the planets (the Computer Language Benchmarks
# Game's algorithm, written here): floats in lists, pairs of bodies
# unpacked in the inner loop.
# N = time steps; ns_per_iter is per step.
import sys
import time

PI = 3.14159265358979323
SOLAR_MASS = 4 * PI * PI
DAYS_PER_YEAR = 365.24


def bodies():
    return [
        # sun
        ([0.0, 0.0, 0.0], [0.0, 0.0, 0.0], SOLAR_MASS),
        # jupiter
        ([4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01],
         [1.66007664274403694e-03 * DAYS_PER_YEAR, 7.69901118419740425e-03 * DAYS_PER_YEAR,
          -6.90460016972063023e-05 * DAYS_PER_YEAR],
         9.54791938424326609e-04 * SOLAR_MASS),
        # saturn
        ([8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01],
         [-2.76742510726862411e-03 * DAYS_PER_YEAR, 4.99852801234917238e-03 * DAYS_PER_YEAR,
          2.30417297573763929e-05 * DAYS_PER_YEAR],
         2.85885980666130812e-04 * SOLAR_MASS),
        # uranus
        ([1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01],
         [2.96460137564761618e-03 * DAYS_PER_YEAR, 2.37847173959480950e-03 * DAYS_PER_YEAR,
          -2.96589568540237556e-05 * DAYS_PER_YEAR],
         4.36624404335156298e-05 * SOLAR_MASS),
        # neptune
        ([1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01],
         [2.68067772490389322e-03 * DAYS_PER_YEAR, 1.62824170038242295e-03 * DAYS_PER_YEAR,
          -9.51592254519715870e-05 * DAYS_PER_YEAR],
         5.15138902046611451e-05 * SOLAR_MASS),
    ]


def pairs_of(system):
    out = []
    for i in range(len(system)):
        for j in range(i + 1, len(system)):
            out.append((system[i], system[j]))
    return out


def advance(dt, n, system, pairs):
    for _ in range(n):
        for (([x1, y1, z1], v1, m1), ([x2, y2, z2], v2, m2)) in pairs:
            dx = x1 - x2
            dy = y1 - y2
            dz = z1 - z2
            mag = dt * ((dx * dx + dy * dy + dz * dz) ** (-1.5))
            b1m = m1 * mag
            b2m = m2 * mag
            v1[0] -= dx * b2m
            v1[1] -= dy * b2m
            v1[2] -= dz * b2m
            v2[0] += dx * b1m
            v2[1] += dy * b1m
            v2[2] += dz * b1m
        for (r, [vx, vy, vz], m) in system:
            r[0] += dt * vx
            r[1] += dt * vy
            r[2] += dt * vz


def energy(system, pairs):
    e = 0.0
    for (((x1, y1, z1), v1, m1), ((x2, y2, z2), v2, m2)) in pairs:
        dx = x1 - x2
        dy = y1 - y2
        dz = z1 - z2
        e -= (m1 * m2) / ((dx * dx + dy * dy + dz * dz) ** 0.5)
    for (r, [vx, vy, vz], m) in system:
        e += m * (vx * vx + vy * vy + vz * vz) / 2.0
    return e


def offset_momentum(system):
    px = py = pz = 0.0
    for (r, [vx, vy, vz], m) in system:
        px -= vx * m
        py -= vy * m
        pz -= vz * m
    v = system[0][1]
    m = system[0][2]
    v[0] = px / m
    v[1] = py / m
    v[2] = pz / m


def main():
    n = 200000
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    system = bodies()
    pairs = pairs_of(system)
    offset_momentum(system)
    e0 = energy(system, pairs)
    start = time.perf_counter()
    advance(0.01, n, system, pairs)
    elapsed = time.perf_counter() - start
    print(f"checksum: {e0:.9f} {energy(system, pairs):.9f}")
    print(f"ns_per_iter: {elapsed * 1e9 / n:.3f}")


main()
