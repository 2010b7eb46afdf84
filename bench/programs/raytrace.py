# A small ray tracer: spheres and a plane lit by two lights, with shadows
# and one reflection, rendered to a grid of brightness values. A `Vector`
# class with operator dunders (`__add__`, `__sub__`, `__mul__`), methods
# and float math dominate; every operation makes a new instance. N = image
# rows rendered (the image is WIDTH wide); ns_per_iter is per row.
import sys
import time

WIDTH = 48
EPSILON = 0.0001


class Vector:
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def __add__(self, o):
        return Vector(self.x + o.x, self.y + o.y, self.z + o.z)

    def __sub__(self, o):
        return Vector(self.x - o.x, self.y - o.y, self.z - o.z)

    def __mul__(self, k):
        return Vector(self.x * k, self.y * k, self.z * k)

    def dot(self, o):
        return self.x * o.x + self.y * o.y + self.z * o.z

    def length(self):
        return self.dot(self) ** 0.5

    def normalized(self):
        return self * (1.0 / self.length())


class Ray:
    def __init__(self, origin, direction):
        self.origin = origin
        self.direction = direction.normalized()

    def at(self, t):
        return self.origin + self.direction * t


class Thing:
    def __init__(self, shine, reflect):
        self.shine = shine
        self.reflect = reflect

    def intersect(self, ray):
        return -1.0

    def normal_at(self, p):
        return Vector(0.0, 1.0, 0.0)


class Sphere(Thing):
    def __init__(self, centre, radius, shine, reflect):
        super().__init__(shine, reflect)
        self.centre = centre
        self.radius2 = radius * radius

    def intersect(self, ray):
        oc = self.centre - ray.origin
        b = oc.dot(ray.direction)
        disc = b * b - oc.dot(oc) + self.radius2
        if disc < 0.0:
            return -1.0
        root = disc ** 0.5
        t = b - root
        if t > EPSILON:
            return t
        t = b + root
        if t > EPSILON:
            return t
        return -1.0

    def normal_at(self, p):
        return (p - self.centre).normalized()


class Plane(Thing):
    def __init__(self, point, normal, shine, reflect):
        super().__init__(shine, reflect)
        self.point = point
        self.normal = normal.normalized()

    def intersect(self, ray):
        d = self.normal.dot(ray.direction)
        if -EPSILON < d < EPSILON:
            return -1.0
        t = (self.point - ray.origin).dot(self.normal) / d
        if t > EPSILON:
            return t
        return -1.0

    def normal_at(self, p):
        return self.normal


class Light:
    def __init__(self, position, strength):
        self.position = position
        self.strength = strength


class Scene:
    def __init__(self):
        self.things = [
            Sphere(Vector(0.0, 1.0, 5.0), 1.0, 0.6, 0.3),
            Sphere(Vector(-2.0, 0.6, 6.0), 0.6, 0.3, 0.5),
            Sphere(Vector(1.8, 0.5, 4.2), 0.5, 0.8, 0.0),
            Plane(Vector(0.0, 0.0, 0.0), Vector(0.0, 1.0, 0.0), 0.2, 0.2),
        ]
        self.lights = [
            Light(Vector(-4.0, 6.0, 0.0), 0.7),
            Light(Vector(3.0, 4.0, 2.0), 0.4),
        ]
        self.eye = Vector(0.0, 1.2, -1.0)

    def closest(self, ray):
        best = None
        best_t = 1e30
        for thing in self.things:
            t = thing.intersect(ray)
            if t > 0.0 and t < best_t:
                best_t = t
                best = thing
        return best, best_t

    def shadowed(self, p, light):
        to_light = light.position - p
        dist = to_light.length()
        ray = Ray(p, to_light)
        for thing in self.things:
            t = thing.intersect(ray)
            if t > 0.0 and t < dist:
                return True
        return False

    def trace(self, ray, depth):
        thing, t = self.closest(ray)
        if thing is None:
            return 0.05
        p = ray.at(t)
        n = thing.normal_at(p)
        value = 0.1
        for light in self.lights:
            if self.shadowed(p, light):
                continue
            d = (light.position - p).normalized()
            lambert = n.dot(d)
            if lambert > 0.0:
                value += lambert * light.strength * thing.shine
        if depth > 0 and thing.reflect > 0.0:
            r = ray.direction - n * (2.0 * n.dot(ray.direction))
            value += thing.reflect * self.trace(Ray(p, r), depth - 1)
        return value

    def render_row(self, y, height):
        total = 0.0
        fy = 1.0 - 2.0 * (y * 5 % height) / height
        for x in range(WIDTH):
            fx = 2.0 * x / WIDTH - 1.0
            ray = Ray(self.eye, Vector(fx, fy, 1.5))
            total += self.trace(ray, 1)
        return total


def main():
    n = 200
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    scene = Scene()
    start = time.perf_counter()
    total = 0.0
    for y in range(n):
        total += scene.render_row(y, 48)
    elapsed = time.perf_counter() - start
    ns = elapsed * 1e9 / n
    print(f"checksum: {total:.6f}")
    print(f"ns_per_iter: {ns:.3f}")


main()
