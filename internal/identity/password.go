package identity

import (
	"crypto/subtle"
	"fmt"
	"runtime"

	"github.com/alexedwards/argon2id"
)

// hashParams follow OWASP's argon2id baseline (19 MiB, 2 passes): strong
// enough, and cheap enough that concurrent logins on a small server do not
// exhaust memory.
var hashParams = &argon2id.Params{
	Memory:      19 * 1024,
	Iterations:  2,
	Parallelism: uint8(min(2, runtime.NumCPU())),
	SaltLength:  16,
	KeyLength:   32,
}

// DefaultPassword is the weak password that forces a change (spec §9).
const DefaultPassword = "123456"

// HashPassword returns the argon2id encoding of password.
func HashPassword(password string) (string, error) {
	h, err := argon2id.CreateHash(password, hashParams)
	if err != nil {
		return "", fmt.Errorf("identity: hash: %w", err)
	}
	return h, nil
}

// dummyHash is verified against when an account does not exist, so that
// "no such account" costs the same time as "wrong password".
var dummyHash = func() string {
	h, err := HashPassword("no account has this password")
	if err != nil {
		panic(err)
	}
	return h
}()

// VerifyPassword reports whether password matches hash, in constant time
// for the comparison; an empty hash (no account) still costs a full hash.
func VerifyPassword(password, hash string) bool {
	if hash == "" {
		_, _ = argon2id.ComparePasswordAndHash(password, dummyHash)
		return false
	}
	ok, err := argon2id.ComparePasswordAndHash(password, hash)
	return err == nil && ok
}

// IsDefaultPassword reports whether password is the weak default, compared
// in constant time.
func IsDefaultPassword(password string) bool {
	return subtle.ConstantTimeCompare([]byte(password), []byte(DefaultPassword)) == 1
}
