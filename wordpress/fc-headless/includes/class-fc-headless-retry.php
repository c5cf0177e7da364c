<?php
/**
 * When to try a failed delivery again (plain PHP, no WordPress). A delivery is tried at most
 * `max_attempts` times in all (3 by default): the first at once, then after `base`, 2 × `base`,
 * 4 × `base` … seconds (FC_HEADLESS_RETRY_SECONDS, 60 by default), or after the site's
 * Retry-After when it asks for longer (429).
 *
 * @package FC_Headless
 */

defined( 'ABSPATH' ) || defined( 'FC_HEADLESS_TESTING' ) || exit;

final class FC_Headless_Retry {

	/** Never wait longer than a day, whatever Retry-After says. */
	const MAX_DELAY = 86400;

	/** Seconds to wait after the `$attempt`-th failed try (1 = the first). */
	public static function delay( int $attempt, int $base, int $retry_after = 0 ): int {
		$base  = max( 1, $base );
		$delay = $base * ( 2 ** max( 0, min( 20, $attempt - 1 ) ) );
		return (int) min( self::MAX_DELAY, max( $delay, $retry_after ) );
	}

	/**
	 * The time of the next try after `$attempt` failed tries, or null when there is none left
	 * (all tries used, or a failure retrying cannot fix).
	 */
	public static function next_attempt_at( int $attempt, int $max_attempts, int $base, int $now, ?int $status, int $retry_after = 0 ): ?int {
		if ( $attempt >= $max_attempts || ! self::is_retryable( $status ) ) {
			return null;
		}
		return $now + self::delay( $attempt, $base, $retry_after );
	}

	/**
	 * Network errors (null), timeouts, rate limits and server errors pass; the site's other
	 * answers (400 malformed, 401 signature or clock, 413 too large, redirects) would fail again.
	 */
	public static function is_retryable( ?int $status ): bool {
		if ( null === $status || 0 === $status ) {
			return true;
		}
		return 408 === $status || 425 === $status || 429 === $status || $status >= 500;
	}

	public static function is_success( ?int $status ): bool {
		return null !== $status && $status >= 200 && $status < 300;
	}

	/**
	 * The failure list without the failures of one delivery (`key`, the same at every try of a
	 * delivery to one site): once a retry has delivered, nothing is left to act on.
	 */
	public static function without_delivery( array $failures, string $key ): array {
		return array_values( array_filter( $failures, static fn( $failure ) => ! is_array( $failure ) || ( $failure['key'] ?? null ) !== $key ) );
	}

	/** Retry-After in seconds (a number of seconds or an HTTP date); 0 when absent or past. */
	public static function parse_retry_after( $header, int $now ): int {
		if ( is_array( $header ) ) {
			$header = reset( $header );
		}
		$header = trim( (string) $header );
		if ( '' === $header ) {
			return 0;
		}
		if ( ctype_digit( $header ) ) {
			return (int) min( self::MAX_DELAY, (int) $header );
		}
		$when = strtotime( $header );
		return false === $when ? 0 : (int) max( 0, min( self::MAX_DELAY, $when - $now ) );
	}
}
