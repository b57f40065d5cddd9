package web

import "sync"

// cache keeps the answers of finished games (pages and images, which
// never change: the key is their ETag, which names the game's version),
// up to max bytes; the oldest go first. It is safe for concurrent use.
type cache struct {
	mu    sync.Mutex
	max   int
	size  int
	items map[string][]byte
	order []string // keys, oldest first
}

// defaultCacheBytes is Config.CacheBytes's default.
const defaultCacheBytes = 32 << 20

func newCache(max int) *cache { return &cache{max: max, items: map[string][]byte{}} }

// get returns the answer kept under key.
func (c *cache) get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.items[key]
	return b, ok
}

// put keeps b under key, forgetting the oldest answers to stay within
// max bytes; an answer larger than a quarter of max is not kept.
func (c *cache) put(key string, b []byte) {
	if len(b) > c.max/4 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.items[key]; ok {
		return
	}
	for c.size+len(b) > c.max && len(c.order) > 0 {
		old := c.order[0]
		c.order = c.order[1:]
		c.size -= len(c.items[old])
		delete(c.items, old)
	}
	c.items[key] = b
	c.order = append(c.order, key)
	c.size += len(b)
}
