<?php
/**
 * Previews on the site. WordPress's Preview (and the editor's "View" of an unpublished item)
 * opens `<site>/preview?type=<rest base>&id=<id>&exp=<unix>&sig=<hex>` where sig is the hex
 * HMAC-SHA256 of "preview.<type>.<id>.<exp>" with the shared secret, valid for
 * FC_HEADLESS_PREVIEW_TTL seconds (15 minutes by default). The site passes the four values on
 * to `GET /wp-json/fc-headless/v1/preview/<type>/<id>?exp=&sig=[&_embed]`, which checks the
 * signature and answers the draft (or the latest autosave of a published item) in the shape of
 * `wp/v2/<type>/<id>`; no account is needed on the site's side.
 *
 * @package FC_Headless
 */

defined( 'ABSPATH' ) || exit;

final class FC_Headless_Preview {

	const ROUTE_NAMESPACE = 'fc-headless/v1';

	public static function init(): void {
		add_action( 'rest_api_init', array( __CLASS__, 'register' ) );
		add_filter( 'preview_post_link', array( __CLASS__, 'preview_link' ), 20, 2 );
	}

	public static function register(): void {
		register_rest_route(
			self::ROUTE_NAMESPACE,
			'/preview/(?P<type>[a-z0-9_-]+)/(?P<id>\d+)',
			array(
				'methods'             => 'GET',
				'callback'            => array( __CLASS__, 'serve' ),
				'permission_callback' => array( __CLASS__, 'check' ),
				'args'                => array(
					'exp' => array(
						'type'        => 'string',
						'description' => 'Unix time the link expires.',
					),
					'sig' => array(
						'type'        => 'string',
						'description' => 'hex HMAC-SHA256 of "preview.<type>.<id>.<exp>".',
					),
				),
			)
		);
	}

	/** The signed site link for previewing a post, or null when the plugin is not configured. */
	public static function url_for( WP_Post $post ): ?string {
		$base   = FC_Headless_Languages::post_base( $post->post_type );
		$site   = FC_Headless_Settings::public_url();
		$secret = FC_Headless_Settings::secret();
		if ( ! $base || 'media' === $base || '' === $site || '' === $secret ) {
			return null;
		}
		$expires = time() + FC_Headless_Settings::preview_ttl();
		return FC_Headless_Links::preview_url( $site, $base, (int) $post->ID, $expires, FC_Headless_Signer::preview_signature( $secret, $base, (int) $post->ID, $expires ) );
	}

	public static function preview_link( $link, $post ) {
		$post = get_post( $post );
		if ( ! $post ) {
			return $link;
		}
		$url = self::url_for( $post );
		return $url ?? $link;
	}

	/** permission_callback: 401 without a signature, 403 for a wrong or expired one. */
	public static function check( WP_REST_Request $request ) {
		$state = FC_Headless_Signer::check_preview(
			FC_Headless_Settings::secret(),
			(string) $request['type'],
			(int) $request['id'],
			(string) ( $request->get_param( 'exp' ) ?? '' ),
			strtolower( (string) ( $request->get_param( 'sig' ) ?? '' ) ),
			time(),
			FC_Headless_Settings::preview_ttl()
		);
		switch ( $state ) {
			case 'ok':
				return true;
			case 'missing':
				return new WP_Error( 'fc_headless_preview_unsigned', 'A preview needs a signed link (exp and sig).', array( 'status' => 401 ) );
			case 'expired':
				return new WP_Error( 'fc_headless_preview_expired', 'This preview link has expired: open the preview from WordPress again.', array( 'status' => 403 ) );
			default:
				return new WP_Error( 'fc_headless_preview_invalid', 'The preview link\'s signature is not valid.', array( 'status' => 403 ) );
		}
	}

	public static function serve( WP_REST_Request $request ) {
		$type = (string) $request['type'];
		$id   = (int) $request['id'];
		$post = get_post( $id );
		if ( ! $post || FC_Headless_Languages::post_base( $post->post_type ) !== $type || 'media' === $type || in_array( $post->post_status, array( 'trash', 'auto-draft' ), true ) ) {
			return new WP_Error( 'rest_post_invalid_id', 'Invalid post ID.', array( 'status' => 404 ) );
		}

		// Read it as someone who may: its author, or else an administrator. The reader stays
		// until the response is sent, so that `_embed` (done by the REST server afterwards) can
		// embed the draft's own media and terms too.
		$reader = (int) $post->post_author;
		if ( ! $reader || ! user_can( $reader, 'edit_post', $id ) ) {
			$admins = get_users( array( 'role' => 'administrator', 'number' => 1, 'fields' => 'ids' ) );
			$reader = (int) ( $admins[0] ?? 0 );
		}
		self::impersonate( $reader );
		$inner = new WP_REST_Request( 'GET', "/wp/v2/{$type}/{$id}" );
		$inner->set_query_params( array( 'context' => 'view' ) );
		$response = rest_do_request( $inner );
		if ( $response->is_error() ) {
			self::restore_user();
			return $response;
		}
		$out = new WP_REST_Response( self::with_autosave( $post, (array) $response->get_data() ), 200 );
		foreach ( $response->get_links() as $rel => $links ) {
			foreach ( $links as $link ) {
				$out->add_link( $rel, $link['href'], $link['attributes'] ?? array() );
			}
		}
		$out->header( 'Cache-Control', 'no-store, private, max-age=0' );
		$out->header( 'X-Robots-Tag', 'noindex, nofollow' );
		return $out;
	}

	/** @var int|null the user to return to once the preview has been sent */
	private static $previous_user = null;

	private static function impersonate( int $user_id ): void {
		if ( null === self::$previous_user ) {
			self::$previous_user = get_current_user_id();
			add_filter( 'rest_pre_echo_response', array( __CLASS__, 'restore_user' ), 1 );
			add_action( 'shutdown', array( __CLASS__, 'restore_user' ), 1 );
			// WordPress sends its no-cache headers to a logged-in reader: make them no-store.
			add_filter(
				'nocache_headers',
				static function ( $headers ) {
					$headers['Cache-Control'] = 'no-store, private, max-age=0';
					return $headers;
				}
			);
		}
		wp_set_current_user( $user_id );
	}

	/** Back to the visitor (filter and action: returns what it is given). */
	public static function restore_user( $passthrough = null ) {
		if ( null !== self::$previous_user ) {
			wp_set_current_user( self::$previous_user );
			self::$previous_user = null;
		}
		return $passthrough;
	}

	/** The newest autosave of a post, whoever made it, when it is newer than the post. */
	public static function latest_autosave( WP_Post $post ): ?WP_Post {
		$revisions = get_posts(
			array(
				'post_type'      => 'revision',
				'post_status'    => 'inherit',
				'post_parent'    => $post->ID,
				'name'           => "{$post->ID}-autosave-v1",
				'orderby'        => 'modified',
				'order'          => 'DESC',
				'posts_per_page' => 1,
				'suppress_filters' => true,
			)
		);
		$autosave = $revisions[0] ?? null;
		if ( ! $autosave instanceof WP_Post || strtotime( $autosave->post_modified_gmt ) < strtotime( $post->post_modified_gmt ) ) {
			return null;
		}
		return $autosave;
	}

	/** Title, content and excerpt from the latest autosave, rendered as REST renders them. */
	private static function with_autosave( WP_Post $post, array $data ): array {
		$autosave = self::latest_autosave( $post );
		$data['preview'] = array(
			'autosave' => $autosave ? (int) $autosave->ID : 0,
			'status'   => $post->post_status,
		);
		if ( ! $autosave ) {
			return $data;
		}
		$GLOBALS['post'] = $post; // phpcs:ignore WordPress.WP.GlobalVariablesOverride
		setup_postdata( $post );
		$data['title']['rendered'] = get_the_title( $autosave );
		if ( isset( $data['content'] ) ) {
			$data['content']['rendered'] = apply_filters( 'the_content', $autosave->post_content );
		}
		if ( isset( $data['excerpt'] ) ) {
			$excerpt                     = apply_filters( 'get_the_excerpt', $autosave->post_excerpt, $autosave );
			$data['excerpt']['rendered'] = apply_filters( 'the_excerpt', $excerpt );
		}
		$data['modified'] = mysql_to_rfc3339( $autosave->post_modified );
		wp_reset_postdata();
		return $data;
	}
}
