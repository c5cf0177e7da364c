<?php
/**
 * Delivery of the webhook: the events of a request are collected (deduplicated) and sent once,
 * when the request ends (after the response has gone out where PHP-FPM allows it), to every
 * site URL, with a short blocking call so that a failure is seen. A failed delivery is tried
 * again from WP-Cron with backoff (FC_Headless_Retry), signed afresh each time, and every
 * failure is recorded for administrators (the settings page and an admin notice list them).
 *
 * @package FC_Headless
 */

defined( 'ABSPATH' ) || exit;

final class FC_Headless_Delivery {

	const CRON_HOOK        = 'fc_headless_retry';
	const FAILURES_OPTION  = 'fc_headless_failures';
	const LAST_OK_OPTION   = 'fc_headless_last_delivery';
	const KEEP_FAILURES    = 25;
	const WEBHOOK_PATH     = '/api/cache/webhook';

	/** @var FC_Headless_Batch|null */
	private static $batch = null;

	/** @var bool */
	private static $registered = false;

	public static function init(): void {
		add_action( self::CRON_HOOK, array( __CLASS__, 'retry' ), 10, 1 );
	}

	/** Queues an event of this request (sent at its end). */
	public static function enqueue( string $type, int $id, string $action = 'update' ): void {
		if ( null === self::$batch ) {
			self::$batch = new FC_Headless_Batch();
		}
		if ( ! self::$batch->add( $type, $id, $action ) ) {
			return;
		}
		if ( ! self::$registered ) {
			self::$registered = true;
			add_action( 'shutdown', array( __CLASS__, 'flush' ), 50 );
		}
	}

	/** The events queued so far in this request (for tests and the debug screen). */
	public static function pending(): array {
		return null === self::$batch ? array() : self::$batch->events();
	}

	/** Sends what this request queued: one body per 100 events, to each site URL. */
	public static function flush(): void {
		if ( null === self::$batch || self::$batch->is_empty() ) {
			return;
		}
		$chunks = self::$batch->chunks();
		self::$batch->clear();
		if ( ! FC_Headless_Settings::is_configured() ) {
			return;
		}
		// Recorded before the editor's response goes: the editor's "live" indicator then never
		// reads the previous change's state as this one's.
		FC_Headless_Live::sending( array_merge( ...$chunks ), FC_Headless_Settings::site_urls() );
		// Let the editor's response go first where the server allows it (PHP-FPM).
		if ( function_exists( 'fastcgi_finish_request' ) && ! wp_doing_cron() && ! ( defined( 'WP_CLI' ) && WP_CLI ) ) {
			fastcgi_finish_request();
		}
		foreach ( FC_Headless_Settings::site_urls() as $site ) {
			foreach ( $chunks as $events ) {
				self::deliver( $site, $events, 1, wp_generate_uuid4() );
			}
		}
	}

	/** WP-Cron: the next try of a failed delivery. */
	public static function retry( $job ): void {
		if ( ! is_array( $job ) || empty( $job['site'] ) || empty( $job['events'] ) ) {
			return;
		}
		// A site removed from the settings since is not retried.
		if ( ! in_array( $job['site'], FC_Headless_Settings::site_urls(), true ) ) {
			return;
		}
		self::deliver( (string) $job['site'], (array) $job['events'], (int) ( $job['attempt'] ?? 2 ), (string) ( $job['key'] ?? wp_generate_uuid4() ) );
	}

	/**
	 * One try: POST the signed body; on failure schedule the next try or record that it gave up.
	 * Returns the HTTP status, or null when no answer came.
	 */
	public static function deliver( string $site, array $events, int $attempt, string $key ): ?int {
		// The delivery's id goes in the signed body: the site skips a delivery it has purged already.
		$body     = FC_Headless_Batch::body( $events, $key );
		$now      = time();
		$response = wp_remote_post(
			$site . self::WEBHOOK_PATH,
			array(
				'headers'     => FC_Headless_Signer::webhook_headers( FC_Headless_Settings::secret(), $body, $now ),
				'body'        => $body,
				'timeout'     => FC_Headless_Settings::timeout(),
				'redirection' => 0,
				'blocking'    => true,
				'user-agent'  => 'fc-headless/' . FC_HEADLESS_VERSION . '; ' . home_url( '/' ),
				'data_format' => 'body',
			)
		);
		$status = is_wp_error( $response ) ? null : (int) wp_remote_retrieve_response_code( $response );
		if ( FC_Headless_Retry::is_success( $status ) ) {
			FC_Headless_Live::delivered( $site, $events, $now );
			update_option(
				self::LAST_OK_OPTION,
				array(
					'time'    => $now,
					'site'    => $site,
					'events'  => count( $events ),
					'attempt' => $attempt,
				),
				false
			);
			if ( $attempt > 1 ) {
				self::forget_failures( $key );
			}
			return $status;
		}

		$error       = is_wp_error( $response ) ? $response->get_error_message() : trim( $status . ' ' . wp_remote_retrieve_response_message( $response ) . ' ' . substr( (string) wp_remote_retrieve_body( $response ), 0, 200 ) );
		$retry_after = is_wp_error( $response ) ? 0 : FC_Headless_Retry::parse_retry_after( wp_remote_retrieve_header( $response, 'retry-after' ), $now );
		$next        = FC_Headless_Retry::next_attempt_at( $attempt, FC_Headless_Settings::max_attempts(), FC_Headless_Settings::retry_seconds(), $now, $status, $retry_after );
		if ( null !== $next ) {
			wp_schedule_single_event(
				$next,
				self::CRON_HOOK,
				array(
					array(
						'site'    => $site,
						'events'  => array_values( $events ),
						'attempt' => $attempt + 1,
						'key'     => $key,
					),
				)
			);
		}
		FC_Headless_Live::failed( $site, $events, $next );
		self::record_failure(
			array(
				'time'     => $now,
				'site'     => $site,
				'events'   => array_values( $events ),
				'attempt'  => $attempt,
				'status'   => $status,
				'error'    => $error,
				'next'     => $next,
				'gave_up'  => null === $next,
				'key'      => $key,
			)
		);
		return $status;
	}

	/** Appends to the list of recent failures (newest first, the last KEEP_FAILURES). */
	private static function record_failure( array $failure ): void {
		$failures = self::failures();
		array_unshift( $failures, $failure );
		update_option( self::FAILURES_OPTION, array_slice( $failures, 0, self::KEEP_FAILURES ), false );
		if ( function_exists( 'error_log' ) && ( ! defined( 'FC_HEADLESS_QUIET' ) || ! FC_HEADLESS_QUIET ) ) {
			error_log( sprintf( 'fc-headless: webhook to %s failed (try %d): %s%s', $failure['site'], $failure['attempt'], $failure['error'], $failure['gave_up'] ? ' — gave up' : '' ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions
		}
	}

	/** A retry delivered: the earlier failures of that delivery (same key) leave the list. */
	private static function forget_failures( string $key ): void {
		$failures = self::failures();
		$left     = FC_Headless_Retry::without_delivery( $failures, $key );
		if ( count( $left ) !== count( $failures ) ) {
			if ( $left ) {
				update_option( self::FAILURES_OPTION, $left, false );
			} else {
				delete_option( self::FAILURES_OPTION );
			}
		}
	}

	public static function failures(): array {
		$failures = get_option( self::FAILURES_OPTION, array() );
		return is_array( $failures ) ? $failures : array();
	}

	public static function clear_failures(): void {
		delete_option( self::FAILURES_OPTION );
	}

	/** Failed deliveries still waiting for a try, from WP-Cron's schedule. */
	public static function scheduled_retries(): array {
		$out  = array();
		$cron = _get_cron_array();
		foreach ( is_array( $cron ) ? $cron : array() as $time => $hooks ) {
			foreach ( $hooks[ self::CRON_HOOK ] ?? array() as $event ) {
				$job   = $event['args'][0] ?? array();
				$out[] = array(
					'time'    => (int) $time,
					'site'    => $job['site'] ?? '',
					'events'  => $job['events'] ?? array(),
					'attempt' => $job['attempt'] ?? 0,
				);
			}
		}
		return $out;
	}
}
