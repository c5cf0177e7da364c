<?php
/**
 * What the site reads that WordPress (with free Polylang) does not give it:
 *
 * - `lang` and `translations` on every post, attachment and product term (Polylang's data);
 * - `?lang=en|it` on the lists of those types, on wp/v2/search, and on the wuxt front-page,
 *   menu (`location=header&lang=it` → Polylang's `header___it`) and slug routes;
 * - `old_slugs` (WordPress's `_wp_old_slug`, and the plugin's own record for terms) and
 *   `?old_slug=` on the lists, so the site can answer 301 from an old slug to the current one;
 * - `fc_headless.languages` in the REST index: the languages WordPress serves (one without
 *   Polylang), which are the languages the site serves;
 * - the plugin's own routes: `POST fc-headless/v1/purge-all` (administrators: "Purge
 *   everything" for scripts) and `GET fc-headless/v1/live/<type>/<id>` (who may edit the item:
 *   whether the site has taken its latest change, for the block editor). The signed preview
 *   route is FC_Headless_Preview's.
 *
 * @package FC_Headless
 */

defined( 'ABSPATH' ) || exit;

final class FC_Headless_Rest {

	/** @var string|null the `lang` of the wuxt request being served (its inner requests inherit it) */
	private static $outer_lang = null;

	public static function init(): void {
		add_action( 'rest_api_init', array( __CLASS__, 'register' ), 20 );
		add_filter( 'rest_request_before_callbacks', array( __CLASS__, 'before_callbacks' ), 10, 3 );
		add_filter( 'rest_request_after_callbacks', array( __CLASS__, 'after_callbacks' ), 10, 3 );
		add_filter( 'rest_post_search_query', array( __CLASS__, 'search_query' ), 10, 2 );
		add_filter( 'rest_authentication_errors', array( __CLASS__, 'authenticate_now' ), 85 );
		add_filter( 'rest_index', array( __CLASS__, 'index' ) );
	}

	/** The REST index (`/wp-json/`) names the languages served and the default one. */
	public static function index( $response ) {
		if ( $response instanceof WP_REST_Response ) {
			$data                = (array) $response->get_data();
			$data['fc_headless'] = array(
				'languages'        => FC_Headless_Languages::languages(),
				'default_language' => FC_Headless_Languages::default_language(),
			);
			$response->set_data( $data );
		}
		return $response;
	}

	/**
	 * Settles who the request's user is before WordPress checks application passwords (priority
	 * 90). WordPress only checks them once REST_REQUEST is defined; when nothing asked for the
	 * current user since, a wrong application password on a public route is served as an
	 * anonymous read instead of `incorrect_password` / `invalid_username` (401), and the site,
	 * which alerts on those, would never learn that its credentials are wrong.
	 */
	public static function authenticate_now( $result ) {
		if ( empty( $result ) && ! empty( $_SERVER['PHP_AUTH_USER'] ) ) {
			wp_get_current_user();
		}
		return $result;
	}

	public static function register(): void {
		self::register_routes();
		foreach ( FC_Headless_Languages::post_types() as $post_type ) {
			register_rest_field(
				$post_type,
				'lang',
				array(
					'get_callback' => static fn( $item ) => FC_Headless_Languages::post_language( (int) $item['id'] ),
					'schema'       => array( 'description' => 'The language (Polylang).', 'type' => 'string', 'context' => array( 'view', 'embed', 'edit' ), 'readonly' => true ),
				)
			);
			register_rest_field(
				$post_type,
				'translations',
				array(
					'get_callback' => static fn( $item ) => (object) FC_Headless_Languages::post_translations( (int) $item['id'] ),
					'schema'       => array( 'description' => 'Ids of the translations by language, this item included (Polylang).', 'type' => 'object', 'context' => array( 'view', 'embed', 'edit' ), 'readonly' => true ),
				)
			);
			register_rest_field(
				$post_type,
				'old_slugs',
				array(
					'get_callback' => static fn( $item ) => array_values( array_unique( array_map( 'strval', get_post_meta( (int) $item['id'], '_wp_old_slug' ) ) ) ),
					'schema'       => array( 'description' => 'Slugs this item had before (for redirects).', 'type' => 'array', 'items' => array( 'type' => 'string' ), 'context' => array( 'view', 'edit' ), 'readonly' => true ),
				)
			);
			add_filter( "rest_{$post_type}_collection_params", array( __CLASS__, 'collection_params' ), 10, 1 );
			add_filter( "rest_{$post_type}_query", array( __CLASS__, 'post_query' ), 10, 2 );
		}
		foreach ( FC_Headless_Languages::taxonomies() as $taxonomy ) {
			register_rest_field(
				$taxonomy,
				'lang',
				array(
					'get_callback' => static fn( $item ) => FC_Headless_Languages::term_language( (int) $item['id'] ),
					'schema'       => array( 'description' => 'The language (Polylang).', 'type' => 'string', 'context' => array( 'view', 'embed', 'edit' ), 'readonly' => true ),
				)
			);
			register_rest_field(
				$taxonomy,
				'translations',
				array(
					'get_callback' => static fn( $item ) => (object) FC_Headless_Languages::term_translations( (int) $item['id'] ),
					'schema'       => array( 'description' => 'Ids of the translations by language, this term included (Polylang).', 'type' => 'object', 'context' => array( 'view', 'embed', 'edit' ), 'readonly' => true ),
				)
			);
			register_rest_field(
				$taxonomy,
				'old_slugs',
				array(
					'get_callback' => static fn( $item ) => array_values( array_unique( array_map( 'strval', get_term_meta( (int) $item['id'], '_fc_old_slug' ) ) ) ),
					'schema'       => array( 'description' => 'Slugs this term had before (for redirects).', 'type' => 'array', 'items' => array( 'type' => 'string' ), 'context' => array( 'view', 'edit' ), 'readonly' => true ),
				)
			);
			add_filter( "rest_{$taxonomy}_collection_params", array( __CLASS__, 'collection_params' ), 10, 1 );
			add_filter( "rest_{$taxonomy}_query", array( __CLASS__, 'term_query' ), 10, 2 );
		}
	}

	private static function register_routes(): void {
		register_rest_route(
			'fc-headless/v1',
			'/purge-all',
			array(
				'methods'             => 'POST',
				'permission_callback' => static fn() => current_user_can( 'manage_options' ),
				'callback'            => array( __CLASS__, 'purge_all' ),
			)
		);
		register_rest_route(
			'fc-headless/v1',
			'/live/(?P<type>[a-z_]+)/(?P<id>\d+)',
			array(
				'methods'             => 'GET',
				'permission_callback' => static fn( WP_REST_Request $request ) => current_user_can( 'edit_post', (int) $request['id'] ),
				'callback'            => array( __CLASS__, 'live' ),
			)
		);
	}

	/** Queues `{"type":"all","id":0,"action":"update"}`, sent at the end of the request. */
	public static function purge_all(): WP_REST_Response {
		FC_Headless_Delivery::enqueue( 'all', 0, 'update' );
		return new WP_REST_Response( array( 'queued' => FC_Headless_Delivery::pending() ), 202 );
	}

	/** `{state, next, changed}` of an item's latest change (FC_Headless_Live); `off` while the plugin is not configured. */
	public static function live( WP_REST_Request $request ): WP_REST_Response {
		$state = FC_Headless_Settings::is_configured()
			? FC_Headless_Live::of( (string) $request['type'], (int) $request['id'] )
			: array( 'state' => 'off', 'next' => null, 'changed' => null );
		$response = new WP_REST_Response( $state, 200 );
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	public static function collection_params( $params ): array {
		$params         = is_array( $params ) ? $params : array();
		$params['lang'] = array(
			'description' => 'Limit results to one language (Polylang).',
			'type'        => 'string',
			'enum'        => FC_Headless_Languages::languages(),
		);
		$params['old_slug'] = array(
			'description' => 'Limit results to items that had this slug before.',
			'type'        => 'string',
		);
		return $params;
	}

	public static function post_query( $args, $request ): array {
		$args = is_array( $args ) ? $args : array();
		$lang = self::requested_lang( $request );
		if ( $lang ) {
			$args['lang'] = $lang; // Polylang's query argument (the fixture's stand-in reads it too).
		}
		$old = $request instanceof WP_REST_Request ? (string) $request->get_param( 'old_slug' ) : '';
		if ( '' !== $old ) {
			$args['meta_query']   = is_array( $args['meta_query'] ?? null ) ? $args['meta_query'] : array();
			$args['meta_query'][] = array(
				'key'   => '_wp_old_slug',
				'value' => sanitize_title( $old ),
			);
		}
		return $args;
	}

	public static function term_query( $args, $request ): array {
		$args = is_array( $args ) ? $args : array();
		$lang = self::requested_lang( $request );
		if ( $lang ) {
			$args['lang'] = $lang;
		}
		$old = $request instanceof WP_REST_Request ? (string) $request->get_param( 'old_slug' ) : '';
		if ( '' !== $old ) {
			$args['meta_query']   = is_array( $args['meta_query'] ?? null ) ? $args['meta_query'] : array();
			$args['meta_query'][] = array(
				'key'   => '_fc_old_slug',
				'value' => sanitize_title( $old ),
			);
		}
		return $args;
	}

	/** wp/v2/search?lang= (the search controller has no such parameter; unknown ones pass). */
	public static function search_query( $args, $request ): array {
		$args = is_array( $args ) ? $args : array();
		$lang = self::requested_lang( $request );
		if ( $lang ) {
			$args['lang'] = $lang;
		}
		return $args;
	}

	/** The request's valid `lang`, or that of the wuxt route it runs inside; null for none. */
	private static function requested_lang( $request ): ?string {
		$lang = $request instanceof WP_REST_Request ? $request->get_param( 'lang' ) : null;
		if ( ! is_string( $lang ) || '' === $lang ) {
			$lang = self::$outer_lang;
		}
		return is_string( $lang ) && in_array( $lang, FC_Headless_Languages::languages(), true ) ? $lang : null;
	}

	/** `lang` on the wuxt routes, before stock wuxt's callbacks run. */
	public static function before_callbacks( $response, $handler, $request ) {
		if ( ! $request instanceof WP_REST_Request || null !== self::$outer_lang ) {
			return $response;
		}
		$route = strtolower( untrailingslashit( $request->get_route() ) );
		if ( 0 !== strpos( $route, '/wuxt/v1/' ) ) {
			return $response;
		}
		$lang = $request->get_param( 'lang' );
		if ( ! is_string( $lang ) || ! in_array( $lang, FC_Headless_Languages::languages(), true ) ) {
			return $response;
		}
		if ( '/wuxt/v1/menu' === $route ) {
			// Polylang names a language's location `header___it`; the default language keeps `header`.
			$location = (string) ( $request->get_param( 'location' ) ?? 'main' );
			if ( FC_Headless_Languages::default_language() !== $lang && false === strpos( $location, '___' ) ) {
				$request->set_param( 'location', "{$location}___{$lang}" );
			}
			return $response;
		}
		self::$outer_lang = $lang;
		if ( '/wuxt/v1/front-page' === $route ) {
			add_filter( 'option_page_on_front', array( __CLASS__, 'front_page_in_language' ), 100 );
		}
		return $response;
	}

	public static function after_callbacks( $response, $handler, $request ) {
		if ( $request instanceof WP_REST_Request && 0 === strpos( strtolower( $request->get_route() ), '/wuxt/v1/' ) && null !== self::$outer_lang ) {
			self::$outer_lang = null;
			remove_filter( 'option_page_on_front', array( __CLASS__, 'front_page_in_language' ), 100 );
		}
		return $response;
	}

	/** page_on_front during a wuxt front-page request with `lang`: that language's front page. */
	public static function front_page_in_language( $value ) {
		if ( ! self::$outer_lang || ! $value ) {
			return $value;
		}
		$translated = FC_Headless_Languages::post_in( (int) $value, self::$outer_lang );
		return $translated ? $translated : $value;
	}
}
