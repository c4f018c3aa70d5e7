// Package proto synthesizes the part of github.com/redis/go-redis/v9/internal/proto that fencecheck's tests need, with the real signatures.
package proto

type RedisError string

func (e RedisError) Error() string { return string(e) }

const Nil = RedisError("redis: nil")
