// Package wrapclient wraps go-redis for the queue of package wrapqueue:
// each method runs one command on the key its caller passes and returns
// the outcome. Its facts say which command each method runs, so calls in
// other packages are read as that command.
package wrapclient

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// Lists runs list commands on go-redis.
type Lists struct{ Raw redis.Cmdable }

// RPopLPush moves the tail of source to the head of destination.
func (l Lists) RPopLPush(source, destination string) (string, error) { // want RPopLPush:`fence:acquire,redis\(RPopLPush;\[0 1\]\)`
	return l.Raw.RPopLPush(context.TODO(), source, destination).Result()
}

// LRem removes count occurrences of value.
func (l Lists) LRem(key string, count int64, value string) (int64, error) { // want LRem:`redis\(LRem;\[0 1 2\]\)`
	return l.Raw.LRem(context.TODO(), key, count, value).Result()
}

// LPush pushes value onto the list.
func (l Lists) LPush(key, value string) (int64, error) { // want LPush:`redis\(LPush;\[0 -1\]\)`
	return l.Raw.LPush(context.TODO(), key, value).Result()
}

// Forget removes a key and drops the count: not a wrapper, its body is
// judged as any function's.
func (l Lists) Forget(key string) error { // want Forget:`^fence:writes\(\(redis\.GenericCmdable\)\.Del\),at\(wrapclient\.go:34\)$`
	_, err := l.Raw.Del(context.TODO(), key).Result()
	return err
}
