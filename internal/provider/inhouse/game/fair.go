package game

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"strconv"
)

// NewServerSeed returns 32 random bytes from crypto/rand as 64 lowercase hex
// characters. The seed stays secret until the player rotates it; only its
// HashSeed is shown before play, which commits the house to it.
func NewServerSeed() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

// HashSeed is hex(SHA-256(serverSeed)), hashing the seed's hex text as it is
// written (its ASCII bytes, not the decoded 32 bytes), because that text is
// what the player will later be shown and can paste into any SHA-256 tool.
func HashSeed(serverSeed string) string {
	sum := sha256.Sum256([]byte(serverSeed))
	return hex.EncodeToString(sum[:])
}

// ValidClientSeed reports whether s can be a client seed: 1 to 64 printable
// ASCII characters (space through '~'), none of them ':'. The colon is
// refused because it separates the fields of the HMAC message; allowing it
// would let two different (client seed, nonce) pairs produce the same
// message.
func ValidClientSeed(s string) bool {
	if len(s) < 1 || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' || c == ':' {
			return false
		}
	}
	return true
}

// Stream is the deterministic random stream of one round. Its bytes are the
// concatenation of HMAC-SHA256(key = serverSeed, message = clientSeed + ":" +
// nonce + ":" + cursor) for cursor = 0, 1, 2, ... (nonce and cursor in
// decimal; the key is the server seed's hex text as written). Every draw
// consumes the next 4 bytes, so a draw never straddles two HMAC blocks and a
// verifier can redo the round by hand from the revealed seeds.
//
// A Stream is not safe for concurrent use; a round owns its stream.
type Stream struct {
	mac    hash.Hash
	prefix []byte // clientSeed + ":" + nonce + ":"
	msg    []byte // scratch for prefix + cursor
	cursor uint64
	block  [sha256.Size]byte
	used   int // bytes of block already consumed
}

// NewStream returns the stream of the round played with these seeds and
// nonce. The caller validates the client seed (ValidClientSeed) when it
// accepts it from the player; the stream itself works for any strings.
func NewStream(serverSeed, clientSeed string, nonce uint64) *Stream {
	prefix := make([]byte, 0, len(clientSeed)+2*21)
	prefix = append(prefix, clientSeed...)
	prefix = append(prefix, ':')
	prefix = strconv.AppendUint(prefix, nonce, 10)
	prefix = append(prefix, ':')
	return &Stream{
		mac:    hmac.New(sha256.New, []byte(serverSeed)),
		prefix: prefix,
		msg:    make([]byte, 0, len(prefix)+20),
		used:   sha256.Size, // nothing generated yet
	}
}

// Uint32 returns the next 4 bytes of the stream as a big-endian integer,
// b0·256³ + b1·256² + b2·256 + b3.
func (s *Stream) Uint32() uint32 {
	if s.used == len(s.block) {
		s.msg = strconv.AppendUint(append(s.msg[:0], s.prefix...), s.cursor, 10)
		s.mac.Reset()
		s.mac.Write(s.msg)
		s.mac.Sum(s.block[:0])
		s.cursor++
		s.used = 0
	}
	v := binary.BigEndian.Uint32(s.block[s.used:])
	s.used += 4
	return v
}

// Float returns a number uniform in [0, 1) built from the next 4 bytes:
// b0/256 + b1/256² + b2/256³ + b3/256⁴, which is exactly Uint32()/2³².
func (s *Stream) Float() float64 {
	return float64(s.Uint32()) / (1 << 32)
}

// Intn returns an integer uniform in [0, n). Taking a 32-bit value modulo n
// would favour small results whenever n does not divide 2³², so values at or
// above the largest multiple of n below 2³² are discarded and the next 4
// bytes drawn instead (rejection sampling); the result is then v mod n. It
// panics if n <= 0 or n > 2³².
func (s *Stream) Intn(n int) int {
	if n <= 0 || uint64(n) > 1<<32 {
		panic("game: Intn argument out of range")
	}
	bound := uint64(n)
	limit := 1<<32 - (1<<32)%bound // accepted values are [0, limit)
	for {
		if v := uint64(s.Uint32()); v < limit {
			return int(v % bound)
		}
	}
}
