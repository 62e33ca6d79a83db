package httpapi

import (
	"bytes"
	"hash/maphash"
	"sync/atomic"
)

// answerCache keeps the gzipped form of recent answers, found by their bytes.
// Most lobby answers (vendor lanes, hot games, the first pages of a list)
// are the same bytes for every visitor of a merchant and language until
// something changes, and gzipping them again on every request cost more
// than building them: turning compression on took the bench's lobby reads
// from 62-81% of its yardstick to 44-52%. Answers that name the visitor
// (permission gives their address) miss, as they should.
//
// An entry serves only an answer whose body is byte for byte the entry's,
// so nothing of one answer can reach another, and an answer that changes
// simply misses. It is direct-mapped (a body's hash picks its one slot) and
// bounded: answerCacheSlots slots of at most answerCacheMaxBody bytes each.
type answerCache struct {
	seed  maphash.Seed
	slots [answerCacheSlots]atomic.Pointer[answerEntry]
}

const (
	answerCacheSlots   = 64
	answerCacheMaxBody = 128 << 10
)

type answerEntry struct {
	hash uint64
	body []byte
	gz   []byte
}

func newAnswerCache() *answerCache { return &answerCache{seed: maphash.MakeSeed()} }

// get returns body's hash and, when a slot holds this very body, its
// gzipped form.
func (c *answerCache) get(body []byte) (hash uint64, gz []byte) {
	if c == nil {
		return 0, nil
	}
	hash = maphash.Bytes(c.seed, body)
	if e := c.slots[hash%answerCacheSlots].Load(); e != nil && e.hash == hash && bytes.Equal(e.body, body) {
		return hash, e.gz
	}
	return hash, nil
}

// put remembers gz as body's gzipped form (hash from get). body is copied:
// the caller's buffer is not the cache's to keep.
func (c *answerCache) put(hash uint64, body, gz []byte) {
	if c == nil || len(body) > answerCacheMaxBody {
		return
	}
	c.slots[hash%answerCacheSlots].Store(&answerEntry{hash: hash, body: bytes.Clone(body), gz: gz})
}
